module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x2x5xf64>, %arg1: tensor<7x2x5xf64>) -> tensor<7x2x5xf64> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2] : (tensor<1x2x5xf64>) -> tensor<1x2x5xf64>
    %1 = stablehlo.reshape %0 : (tensor<1x2x5xf64>) -> tensor<2x5xf64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1, 2] : (tensor<2x5xf64>) -> tensor<7x2x5xf64>
    %3 = stablehlo.add %2, %arg1 : tensor<7x2x5xf64>
    return %3 : tensor<7x2x5xf64>
  }
}
