module @ragged_dot_mode1 {
  func.func public @main(%lhs: tensor<10x4xf32>, %rhs: tensor<3x4x5xf32>, %group_sizes: tensor<3xi32>) -> tensor<10x5xf32> {
    %0 = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]}> : (tensor<10x4xf32>, tensor<3x4x5xf32>, tensor<3xi32>) -> tensor<10x5xf32>
    return %0 : tensor<10x5xf32>
  }
}
