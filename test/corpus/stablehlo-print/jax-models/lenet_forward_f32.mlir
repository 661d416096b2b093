module @jit_lenet attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x1x10x10xf32>, %arg1: tensor<4x1x3x3xf32>, %arg2: tensor<6x4x3x3xf32>, %arg3: tensor<24x3xf32>) -> tensor<2x3xf32> {
    %0 = "stablehlo.convolution"(%arg0, %arg1) <{dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, window_strides = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<2x1x10x10xf32>, tensor<4x1x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = stablehlo.tanh %0 : tensor<2x4x8x8xf32>
    %2 = stablehlo.constant dense<0.0> : tensor<f32>
    %3 = "stablehlo.reduce_window"(%1, %2) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>, base_dilations = array<i64: 1, 1, 1, 1>, window_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 0], [0, 0], [0, 0]]> : tensor<4x2xi64>}> ({
    ^bb0(%a4: tensor<f32>, %a5: tensor<f32>):
      %6 = stablehlo.add %a4, %a5 : tensor<f32>
      "stablehlo.return"(%6) : (tensor<f32>) -> ()
    }) : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
    %7 = stablehlo.constant dense<4.0> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f32>) -> tensor<2x4x4x4xf32>
    %9 = stablehlo.divide %3, %8 : tensor<2x4x4x4xf32>
    %10 = "stablehlo.convolution"(%9, %arg2) <{dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, window_strides = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<2x4x4x4xf32>, tensor<6x4x3x3xf32>) -> tensor<2x6x2x2xf32>
    %11 = stablehlo.tanh %10 : tensor<2x6x2x2xf32>
    %12 = stablehlo.reshape %11 : (tensor<2x6x2x2xf32>) -> tensor<2x24xf32>
    %13 = "stablehlo.dot_general"(%12, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<2x24xf32>, tensor<24x3xf32>) -> tensor<2x3xf32>
    return %13 : tensor<2x3xf32>
  }
}
