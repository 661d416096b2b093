module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = stablehlo.constant dense<-0.5> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %2 = stablehlo.constant dense<0.5> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %4 = stablehlo.clamp %1, %arg0, %3 : tensor<3x4xf64>
    return %4 : tensor<3x4xf64>
  }
}
