module @jit_sigmoid attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = stablehlo.constant dense<1.0> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %2 = stablehlo.negate %arg0 : tensor<3x4xf64>
    %3 = stablehlo.exponential %2 : tensor<3x4xf64>
    %4 = stablehlo.add %3, %1 : tensor<3x4xf64>
    %5 = stablehlo.divide %1, %4 : tensor<3x4xf64>
    return %5 : tensor<3x4xf64>
  }
}
