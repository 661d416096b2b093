module @jit_mlp attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf64>, %arg1: tensor<16x32xf64>, %arg2: tensor<32xf64>, %arg3: tensor<32x4xf64>, %arg4: tensor<4xf64>) -> tensor<8x4xf64> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x16xf64>, tensor<16x32xf64>) -> tensor<8x32xf64>
    %1 = stablehlo.reshape %arg2 : (tensor<32xf64>) -> tensor<1x32xf64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x32xf64>) -> tensor<1x32xf64>
    %3 = stablehlo.reshape %2 : (tensor<1x32xf64>) -> tensor<32xf64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [1] : (tensor<32xf64>) -> tensor<8x32xf64>
    %5 = stablehlo.add %0, %4 : tensor<8x32xf64>
    %6 = stablehlo.constant dense<0.0> : tensor<f64>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f64>) -> tensor<8x32xf64>
    %8 = stablehlo.maximum %5, %7 : tensor<8x32xf64>
    %9 = "stablehlo.dot_general"(%8, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x32xf64>, tensor<32x4xf64>) -> tensor<8x4xf64>
    %10 = stablehlo.reshape %arg4 : (tensor<4xf64>) -> tensor<1x4xf64>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x4xf64>) -> tensor<1x4xf64>
    %12 = stablehlo.reshape %11 : (tensor<1x4xf64>) -> tensor<4xf64>
    %13 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<4xf64>) -> tensor<8x4xf64>
    %14 = stablehlo.add %9, %13 : tensor<8x4xf64>
    %15 = stablehlo.tanh %14 : tensor<8x4xf64>
    return %15 : tensor<8x4xf64>
  }
}
