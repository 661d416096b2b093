module @broadcast_select {
  func.func public @main(%arg0: tensor<4xi1>, %arg1: tensor<3x4xf32>, %arg2: tensor<f32>) -> tensor<3x4xf32> {
    %0 = chlo.broadcast_select %arg0, %arg1, %arg2 : (tensor<4xi1>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
