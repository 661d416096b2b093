module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xi32>, %arg1: tensor<10xi32>) -> (tensor<10xi32>, tensor<10xi32>, tensor<10xi32>, tensor<10xi32>, tensor<10xi32>) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<10xi32>
    %1 = stablehlo.multiply %arg0, %arg1 : tensor<10xi32>
    %2 = stablehlo.subtract %arg0, %arg1 : tensor<10xi32>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<10xi32>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<10xi32>
    return %0, %1, %2, %3, %4 : tensor<10xi32>, tensor<10xi32>, tensor<10xi32>, tensor<10xi32>, tensor<10xi32>
  }
}
