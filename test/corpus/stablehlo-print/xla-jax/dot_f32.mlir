module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<8x4xf32>) -> tensor<6x4xf32> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<6x8xf32>, tensor<8x4xf32>) -> tensor<6x4xf32>
    return %0 : tensor<6x4xf32>
  }
}
