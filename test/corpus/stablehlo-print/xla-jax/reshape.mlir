module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24xf64>) -> tensor<2x12xf64> {
    %0 = stablehlo.reshape %arg0 : (tensor<24xf64>) -> tensor<2x12xf64>
    return %0 : tensor<2x12xf64>
  }
}
