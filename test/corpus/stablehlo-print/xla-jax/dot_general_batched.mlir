module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf64>, %arg1: tensor<2x4x5xf64>) -> tensor<2x3x5xf64> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x3x4xf64>, tensor<2x4x5xf64>) -> tensor<2x3x5xf64>
    return %0 : tensor<2x3x5xf64>
  }
}
