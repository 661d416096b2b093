module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf64>, %arg1: tensor<3x4xf64>) -> tensor<2x3x4xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<3x4xf64>) -> tensor<2x3x4xf64>
    %1 = stablehlo.multiply %arg0, %0 : tensor<2x3x4xf64>
    return %1 : tensor<2x3x4xf64>
  }
}
