module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x2xf64>) -> tensor<2x3x2xf64> {
    %0 = func.call @_flip.1(%arg0) : (tensor<2x3x2xf64>) -> tensor<2x3x2xf64>
    return %0 : tensor<2x3x2xf64>
  }
  func.func private @_flip.1(%arg0: tensor<2x3x2xf64>) -> tensor<2x3x2xf64> {
    %0 = "stablehlo.reverse"(%arg0) <{dimensions = array<i64: 0, 2>}> : (tensor<2x3x2xf64>) -> tensor<2x3x2xf64>
    return %0 : tensor<2x3x2xf64>
  }
}
