module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<9xf64>, %arg1: tensor<9xf64>) -> tensor<f64> {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<9xf64>, tensor<9xf64>) -> tensor<f64>
    return %0 : tensor<f64>
  }
}
