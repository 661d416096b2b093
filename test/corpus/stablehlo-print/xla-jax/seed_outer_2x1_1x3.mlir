module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x1xf64>, %arg1: tensor<1x3xf64>) -> tensor<2x3xf64> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<2x1xf64>) -> tensor<2x1xf64>
    %1 = stablehlo.reshape %0 : (tensor<2x1xf64>) -> tensor<2xf64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<2xf64>) -> tensor<2x3xf64>
    %3 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x3xf64>) -> tensor<1x3xf64>
    %4 = stablehlo.reshape %3 : (tensor<1x3xf64>) -> tensor<3xf64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [1] : (tensor<3xf64>) -> tensor<2x3xf64>
    %6 = stablehlo.multiply %2, %5 : tensor<2x3xf64>
    return %6 : tensor<2x3xf64>
  }
}
