module @conv2d_nhwc_same attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x5x5x3xf64>, %arg1: tensor<3x3x3x2xf64>) -> tensor<2x5x5x2xf64> {
    %0 = "stablehlo.convolution"(%arg0, %arg1) <{dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, window_strides = array<i64: 1, 1>, padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, lhs_dilation = array<i64: 1, 1>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<2x5x5x3xf64>, tensor<3x3x3x2xf64>) -> tensor<2x5x5x2xf64>
    return %0 : tensor<2x5x5x2xf64>
  }
}
