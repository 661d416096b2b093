module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3x5xf64>, %arg1: tensor<5xf64>) -> tensor<4x3x5xf64> {
    %0 = stablehlo.reshape %arg1 : (tensor<5xf64>) -> tensor<1x1x5xf64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<1x1x5xf64>) -> tensor<1x1x5xf64>
    %2 = stablehlo.reshape %1 : (tensor<1x1x5xf64>) -> tensor<5xf64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [2] : (tensor<5xf64>) -> tensor<4x3x5xf64>
    %4 = stablehlo.divide %arg0, %3 : tensor<4x3x5xf64>
    return %4 : tensor<4x3x5xf64>
  }
}
