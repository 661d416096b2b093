module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf64>, %arg1: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
    %0 = stablehlo.maximum %arg0, %arg1 : tensor<4xf64>
    %1 = stablehlo.minimum %arg0, %arg1 : tensor<4xf64>
    return %0, %1 : tensor<4xf64>, tensor<4xf64>
  }
}
