module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x2xf64>, %arg1: tensor<4x3x1xf64>) -> tensor<4x3x2xf64> {
    %0 = stablehlo.reshape %arg0 : (tensor<1x2xf64>) -> tensor<2xf64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [2] : (tensor<2xf64>) -> tensor<4x3x2xf64>
    %2 = stablehlo.reshape %arg1 : (tensor<4x3x1xf64>) -> tensor<4x3xf64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<4x3xf64>) -> tensor<4x3x2xf64>
    %4 = stablehlo.add %1, %3 : tensor<4x3x2xf64>
    return %4 : tensor<4x3x2xf64>
  }
}
