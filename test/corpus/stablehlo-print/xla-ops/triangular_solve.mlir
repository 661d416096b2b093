module @triangular_solve attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3xf64>, %arg1: tensor<3x2xf64>) -> tensor<3x2xf64> {
    %0 = "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>}> : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
    return %0 : tensor<3x2xf64>
  }
}
