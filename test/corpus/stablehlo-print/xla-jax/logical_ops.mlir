module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xi1>, %arg1: tensor<8xi1>) -> (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
    %0 = stablehlo.and %arg0, %arg1 : tensor<8xi1>
    %1 = stablehlo.or %arg0, %arg1 : tensor<8xi1>
    %2 = stablehlo.xor %arg0, %arg1 : tensor<8xi1>
    %3 = stablehlo.not %arg0 : tensor<8xi1>
    return %0, %1, %2, %3 : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
  }
}
