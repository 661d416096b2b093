module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x1x10x10xf32>, %arg1: tensor<4x1x3x3xf32>, %arg2: tensor<6x4x3x3xf32>, %arg3: tensor<24x3xf32>) -> tensor<2x1x10x10xf32> {
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
    %14 = stablehlo.constant dense<2.0> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %16 = stablehlo.multiply %13, %15 : tensor<2x3xf32>
    %17 = "stablehlo.dot_general"(%16, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3xf32>, tensor<24x3xf32>) -> tensor<2x24xf32>
    %18 = stablehlo.reshape %17 : (tensor<2x24xf32>) -> tensor<2x6x2x2xf32>
    %19 = stablehlo.constant dense<1.0> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<f32>) -> tensor<2x6x2x2xf32>
    %21 = stablehlo.subtract %20, %11 : tensor<2x6x2x2xf32>
    %22 = stablehlo.multiply %18, %21 : tensor<2x6x2x2xf32>
    %23 = stablehlo.multiply %22, %11 : tensor<2x6x2x2xf32>
    %24 = stablehlo.add %22, %23 : tensor<2x6x2x2xf32>
    %25 = "stablehlo.reverse"(%arg2) <{dimensions = array<i64: 2, 3>}> : (tensor<6x4x3x3xf32>) -> tensor<6x4x3x3xf32>
    %26 = "stablehlo.convolution"(%24, %25) <{dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1]>, window_strides = array<i64: 1, 1>, padding = dense<[[2, 2], [2, 2]]> : tensor<2x2xi64>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<2x6x2x2xf32>, tensor<6x4x3x3xf32>) -> tensor<2x4x4x4xf32>
    %27 = stablehlo.divide %26, %8 : tensor<2x4x4x4xf32>
    %28 = "stablehlo.pad"(%27, %2) <{edge_padding_low = array<i64: 0, 0, 1, 1>, edge_padding_high = array<i64: 0, 0, 1, 1>, interior_padding = array<i64: 0, 0, 1, 1>}> : (tensor<2x4x4x4xf32>, tensor<f32>) -> tensor<2x4x9x9xf32>
    %29 = "stablehlo.reduce_window"(%28, %2) <{window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 1, 1>, base_dilations = array<i64: 1, 1, 1, 1>, window_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 0], [0, 0], [0, 0]]> : tensor<4x2xi64>}> ({
    ^bb0(%a30: tensor<f32>, %a31: tensor<f32>):
      %32 = stablehlo.add %a30, %a31 : tensor<f32>
      "stablehlo.return"(%32) : (tensor<f32>) -> ()
    }) : (tensor<2x4x9x9xf32>, tensor<f32>) -> tensor<2x4x8x8xf32>
    %33 = stablehlo.constant dense<1.0> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f32>) -> tensor<2x4x8x8xf32>
    %35 = stablehlo.subtract %34, %1 : tensor<2x4x8x8xf32>
    %36 = stablehlo.multiply %29, %35 : tensor<2x4x8x8xf32>
    %37 = stablehlo.multiply %36, %1 : tensor<2x4x8x8xf32>
    %38 = stablehlo.add %36, %37 : tensor<2x4x8x8xf32>
    %39 = "stablehlo.reverse"(%arg1) <{dimensions = array<i64: 2, 3>}> : (tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xf32>
    %40 = "stablehlo.convolution"(%38, %39) <{dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1]>, window_strides = array<i64: 1, 1>, padding = dense<[[2, 2], [2, 2]]> : tensor<2x2xi64>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<2x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<2x1x10x10xf32>
    return %40 : tensor<2x1x10x10xf32>
  }
}
