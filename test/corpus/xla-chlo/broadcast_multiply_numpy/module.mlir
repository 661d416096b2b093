module @broadcast_multiply_numpy {
  func.func public @main(%arg0: tensor<2x1x4xf64>, %arg1: tensor<3x1xf64>) -> tensor<2x3x4xf64> {
    %0 = chlo.broadcast_multiply %arg0, %arg1 : (tensor<2x1x4xf64>, tensor<3x1xf64>) -> tensor<2x3x4xf64>
    return %0 : tensor<2x3x4xf64>
  }
}
