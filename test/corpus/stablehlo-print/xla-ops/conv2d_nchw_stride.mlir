module @conv2d_nchw_stride attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x2x8x6xf64>, %arg1: tensor<3x2x2x2xf64>) -> tensor<1x3x4x3xf64> {
    %0 = "stablehlo.convolution"(%arg0, %arg1) <{dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x2x8x6xf64>, tensor<3x2x2x2xf64>) -> tensor<1x3x4x3xf64>
    return %0 : tensor<1x3x4x3xf64>
  }
}
