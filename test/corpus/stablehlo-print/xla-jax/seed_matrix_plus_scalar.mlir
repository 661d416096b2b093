module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf64>) -> tensor<2x3xf64> {
    %0 = stablehlo.constant dense<7.0> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<2x3xf64>
    %2 = stablehlo.add %arg0, %1 : tensor<2x3xf64>
    return %2 : tensor<2x3xf64>
  }
}
