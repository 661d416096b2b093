module @cholesky attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3xf64>) -> tensor<3x3xf64> {
    %0 = "stablehlo.cholesky"(%arg0) <{lower = true}> : (tensor<3x3xf64>) -> tensor<3x3xf64>
    return %0 : tensor<3x3xf64>
  }
}
