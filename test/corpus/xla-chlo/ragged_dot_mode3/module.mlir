module @ragged_dot_mode3 {
  func.func public @main(%lhs: tensor<4x6x3xf32>, %rhs: tensor<4x3x5xf32>, %group_sizes: tensor<2xi32>) -> tensor<4x6x5xf32> {
    %0 = "chlo.ragged_dot"(%lhs, %rhs, %group_sizes) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>, precision_config = [#chlo<precision DEFAULT>, #chlo<precision DEFAULT>]}> : (tensor<4x6x3xf32>, tensor<4x3x5xf32>, tensor<2xi32>) -> tensor<4x6x5xf32>
    return %0 : tensor<4x6x5xf32>
  }
}
