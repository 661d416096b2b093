module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xf64>, %arg1: tensor<2x2xf64>, %arg2: tensor<i32>) -> tensor<4x5xf64> {
    %0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg2, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.add %arg2, %2 : tensor<i32>
    %4 = "stablehlo.select"(%1, %3, %arg2) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %5 = stablehlo.constant dense<2> : tensor<i32>
    %6 = "stablehlo.dynamic_update_slice"(%arg0, %arg1, %4, %5) : (tensor<4x5xf64>, tensor<2x2xf64>, tensor<i32>, tensor<i32>) -> tensor<4x5xf64>
    return %6 : tensor<4x5xf64>
  }
}
