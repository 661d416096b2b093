module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>, %arg1: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = stablehlo.compare GT, %arg0, %arg1, FLOAT : (tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xi1>
    %1 = stablehlo.constant dense<2.0> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
    %3 = stablehlo.multiply %arg1, %2 : tensor<3x4xf64>
    %4 = func.call @_where.1(%0, %arg0, %3) : (tensor<3x4xi1>, tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
    return %4 : tensor<3x4xf64>
  }
  func.func private @_where.1(%arg0: tensor<3x4xi1>, %arg1: tensor<3x4xf64>, %arg2: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<3x4xi1>, tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
    return %0 : tensor<3x4xf64>
  }
}
