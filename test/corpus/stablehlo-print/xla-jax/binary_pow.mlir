module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>, %arg1: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = stablehlo.abs %arg0 : tensor<3x4xf64>
    %1 = stablehlo.constant dense<0.5> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %3 = stablehlo.add %0, %2 : tensor<3x4xf64>
    %4 = stablehlo.power %3, %arg1 : tensor<3x4xf64>
    return %4 : tensor<3x4xf64>
  }
}
