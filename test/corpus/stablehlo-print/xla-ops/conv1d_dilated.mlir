module @conv1d_dilated attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x12x2xf64>, %arg1: tensor<3x2x4xf64>) -> tensor<1x6x4xf64> {
    %0 = "stablehlo.convolution"(%arg0, %arg1) <{dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, window_strides = array<i64: 1>, padding = dense<[[0, 0]]> : tensor<1x2xi64>, lhs_dilation = array<i64: 1>, rhs_dilation = array<i64: 3>, window_reversal = array<i1: false>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}> : (tensor<1x12x2xf64>, tensor<3x2x4xf64>) -> tensor<1x6x4xf64>
    return %0 : tensor<1x6x4xf64>
  }
}
