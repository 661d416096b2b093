module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf64>) -> tensor<8xf64> {
    %0 = stablehlo.convert %arg0 : (tensor<8xf64>) -> tensor<8xf32>
    %1 = stablehlo.constant dense<3.0> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %3 = stablehlo.multiply %0, %2 : tensor<8xf32>
    %4 = stablehlo.convert %3 : (tensor<8xf32>) -> tensor<8xf64>
    return %4 : tensor<8xf64>
  }
}
