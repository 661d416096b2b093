module @jit_round attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xf64>) -> tensor<7xf64> {
    %0 = func.call @round.1(%arg0) : (tensor<7xf64>) -> tensor<7xf64>
    return %0 : tensor<7xf64>
  }
  func.func private @round.1(%arg0: tensor<7xf64>) -> tensor<7xf64> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<7xf64>
    return %0 : tensor<7xf64>
  }
}
