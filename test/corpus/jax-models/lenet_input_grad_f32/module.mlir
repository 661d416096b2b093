module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x1x10x10xf32>, %arg1: tensor<4x1x3x3xf32>, %arg2: tensor<6x4x3x3xf32>, %arg3: tensor<24x3xf32>) -> (tensor<2x1x10x10xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x1x10x10xf32>, tensor<4x1x3x3xf32>) -> tensor<2x4x8x8xf32>
    %1 = stablehlo.tanh %0 : tensor<2x4x8x8xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x8x8xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<2x4x8x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<f32>
    %5 = "stablehlo.reduce_window"(%1, %4) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 2, 2>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %35 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %35 : tensor<f32>
    }) : (tensor<2x4x8x8xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
    %cst_1 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4x4x4xf32>
    %7 = stablehlo.divide %5, %6 : tensor<2x4x4x4xf32>
    %8 = stablehlo.convolution(%7, %arg2) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x4xf32>, tensor<6x4x3x3xf32>) -> tensor<2x6x2x2xf32>
    %9 = stablehlo.tanh %8 : tensor<2x6x2x2xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x6x2x2xf32>
    %11 = stablehlo.subtract %10, %9 : tensor<2x6x2x2xf32>
    %12 = stablehlo.reshape %9 : (tensor<2x6x2x2xf32>) -> tensor<2x24xf32>
    %13 = stablehlo.dot_general %12, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x24xf32>, tensor<24x3xf32>) -> tensor<2x3xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %15 = stablehlo.multiply %14, %13 : tensor<2x3xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %17 = stablehlo.multiply %16, %15 : tensor<2x3xf32>
    %18 = stablehlo.dot_general %17, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<24x3xf32>) -> tensor<2x24xf32>
    %19 = stablehlo.reshape %18 : (tensor<2x24xf32>) -> tensor<2x6x2x2xf32>
    %20 = stablehlo.multiply %19, %11 : tensor<2x6x2x2xf32>
    %21 = stablehlo.multiply %20, %9 : tensor<2x6x2x2xf32>
    %22 = stablehlo.add %20, %21 : tensor<2x6x2x2xf32>
    %23 = stablehlo.reverse %arg2, dims = [2, 3] : tensor<6x4x3x3xf32>
    %24 = stablehlo.convolution(%22, %23) dim_numbers = [b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x6x2x2xf32>, tensor<6x4x3x3xf32>) -> tensor<2x4x4x4xf32>
    %cst_5 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x4x4x4xf32>
    %26 = stablehlo.divide %24, %25 : tensor<2x4x4x4xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.pad %26, %cst_6, low = [0, 0, 1, 1], high = [0, 0, 1, 1], interior = [0, 0, 1, 1] : (tensor<2x4x4x4xf32>, tensor<f32>) -> tensor<2x4x9x9xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<f32>
    %29 = "stablehlo.reduce_window"(%27, %28) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 1, 2, 2>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %35 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %35 : tensor<f32>
    }) : (tensor<2x4x9x9xf32>, tensor<f32>) -> tensor<2x4x8x8xf32>
    %30 = stablehlo.multiply %29, %3 : tensor<2x4x8x8xf32>
    %31 = stablehlo.multiply %30, %1 : tensor<2x4x8x8xf32>
    %32 = stablehlo.add %30, %31 : tensor<2x4x8x8xf32>
    %33 = stablehlo.reverse %arg1, dims = [2, 3] : tensor<4x1x3x3xf32>
    %34 = stablehlo.convolution(%32, %33) dim_numbers = [b, f, 0, 1]x[i, o, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[2, 2], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x8x8xf32>, tensor<4x1x3x3xf32>) -> tensor<2x1x10x10xf32>
    return %34 : tensor<2x1x10x10xf32>
  }
}
