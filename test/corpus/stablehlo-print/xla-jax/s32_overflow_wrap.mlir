module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>) -> tensor<3xi32> {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<3xi32>
    %1 = stablehlo.add %0, %arg0 : tensor<3xi32>
    return %1 : tensor<3xi32>
  }
}
