module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x7xf64>) -> tensor<2x3xf64> {
    %0 = "stablehlo.slice"(%arg0) <{start_indices = array<i64: 1, 0>, limit_indices = array<i64: 5, 7>, strides = array<i64: 2, 3>}> : (tensor<6x7xf64>) -> tensor<2x3xf64>
    return %0 : tensor<2x3xf64>
  }
}
