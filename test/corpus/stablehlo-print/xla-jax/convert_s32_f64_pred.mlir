module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xi32>) -> (tensor<6xf64>, tensor<6xi1>) {
    %0 = stablehlo.convert %arg0 : (tensor<6xi32>) -> tensor<6xf64>
    %1 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %3 = stablehlo.compare NE, %arg0, %2, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    return %0, %3 : tensor<6xf64>, tensor<6xi1>
  }
}
