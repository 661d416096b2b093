module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.exponential %arg0 : tensor<16xf32>
    %1 = stablehlo.tanh %arg0 : tensor<16xf32>
    %2 = stablehlo.add %0, %1 : tensor<16xf32>
    return %2 : tensor<16xf32>
  }
}
