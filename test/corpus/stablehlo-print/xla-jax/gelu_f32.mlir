module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4x6xf32>
    %1 = stablehlo.multiply %0, %arg0 : tensor<4x6xf32>
    %2 = stablehlo.constant dense<0.044714998453855515> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %4 = stablehlo.multiply %1, %3 : tensor<4x6xf32>
    %5 = stablehlo.add %arg0, %4 : tensor<4x6xf32>
    %6 = stablehlo.constant dense<0.7978845834732056> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %8 = stablehlo.multiply %5, %7 : tensor<4x6xf32>
    %9 = stablehlo.tanh %8 : tensor<4x6xf32>
    %10 = stablehlo.constant dense<1.0> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %12 = stablehlo.add %9, %11 : tensor<4x6xf32>
    %13 = stablehlo.constant dense<0.5> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %15 = stablehlo.multiply %12, %14 : tensor<4x6xf32>
    %16 = stablehlo.multiply %arg0, %15 : tensor<4x6xf32>
    return %16 : tensor<4x6xf32>
  }
}
