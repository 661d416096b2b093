module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf64>, %arg1: tensor<2x1xf64>) -> tensor<2x7xf64> {
    %0 = "stablehlo.concatenate"(%arg0, %arg1, %arg0) <{dimension = 1 : i64}> : (tensor<2x3xf64>, tensor<2x1xf64>, tensor<2x3xf64>) -> tensor<2x7xf64>
    return %0 : tensor<2x7xf64>
  }
}
