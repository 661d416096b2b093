module @broadcast_power {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<f32>) -> tensor<3x4xf32> {
    %0 = chlo.broadcast_power %arg0, %arg1 : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
