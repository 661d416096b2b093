module @add_dependency attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xf64>) -> tensor<2xf64> {
    %0 = "stablehlo.after_all"() : () -> !stablehlo.token
    return %arg0 : tensor<2xf64>
  }
}
