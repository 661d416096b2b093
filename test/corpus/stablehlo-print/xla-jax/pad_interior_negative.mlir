module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x2xf64>) -> tensor<5x4xf64> {
    %0 = stablehlo.constant dense<0.5> : tensor<f64>
    %1 = "stablehlo.pad"(%arg0, %0) <{edge_padding_low = array<i64: 1, 2>, edge_padding_high = array<i64: -1, 0>, interior_padding = array<i64: 1, 0>}> : (tensor<3x2xf64>, tensor<f64>) -> tensor<5x4xf64>
    return %1 : tensor<5x4xf64>
  }
}
