module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf64>, %arg1: tensor<1x2xf64>) -> tensor<4x2xf64> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<4xf64>) -> tensor<4x2xf64>
    %1 = stablehlo.reshape %arg1 : (tensor<1x2xf64>) -> tensor<2xf64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<2xf64>) -> tensor<4x2xf64>
    %3 = stablehlo.add %0, %2 : tensor<4x2xf64>
    return %3 : tensor<4x2xf64>
  }
}
