module @broadcast_atan2 {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<3x1xf32>) -> tensor<3x4xf32> {
    %0 = chlo.broadcast_atan2 %arg0, %arg1 : (tensor<3x4xf32>, tensor<3x1xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
