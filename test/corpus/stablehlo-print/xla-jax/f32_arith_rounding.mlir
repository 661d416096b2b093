module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<16xf32>
    %1 = stablehlo.add %0, %arg0 : tensor<16xf32>
    %2 = stablehlo.constant dense<3.0> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %4 = stablehlo.add %arg1, %3 : tensor<16xf32>
    %5 = stablehlo.divide %1, %4 : tensor<16xf32>
    return %5 : tensor<16xf32>
  }
}
