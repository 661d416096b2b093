module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xi32>, %arg1: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>) {
    %0 = stablehlo.shift_left %arg0, %arg1 : tensor<6xi32>
    %1 = stablehlo.shift_right_arithmetic %arg0, %arg1 : tensor<6xi32>
    %2 = stablehlo.shift_right_logical %arg0, %arg1 : tensor<6xi32>
    %3 = stablehlo.constant dense<255> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %5 = stablehlo.and %arg0, %4 : tensor<6xi32>
    %6 = stablehlo.or %arg0, %arg1 : tensor<6xi32>
    %7 = stablehlo.xor %arg0, %arg1 : tensor<6xi32>
    return %0, %1, %2, %5, %6, %7 : tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>
  }
}
