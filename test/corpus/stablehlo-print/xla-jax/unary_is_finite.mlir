module @jit_isfinite attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf64>) -> tensor<4xi1> {
    %0 = "stablehlo.is_finite"(%arg0) : (tensor<4xf64>) -> tensor<4xi1>
    return %0 : tensor<4xi1>
  }
}
