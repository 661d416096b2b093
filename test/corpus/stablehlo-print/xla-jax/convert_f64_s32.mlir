module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xf64>) -> tensor<5xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<5xf64>) -> tensor<5xi32>
    return %0 : tensor<5xi32>
  }
}
