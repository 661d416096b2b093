module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<4xf64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<4xf64>) -> tensor<3x4xf64>
    %2 = stablehlo.constant dense<10.0> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %4 = stablehlo.multiply %1, %3 : tensor<3x4xf64>
    %5 = stablehlo.add %arg0, %4 : tensor<3x4xf64>
    %6 = stablehlo.iota dim = 0 : tensor<3xf64>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<3xf64>) -> tensor<3x4xf64>
    %8 = stablehlo.add %5, %7 : tensor<3x4xf64>
    return %8 : tensor<3x4xf64>
  }
}
