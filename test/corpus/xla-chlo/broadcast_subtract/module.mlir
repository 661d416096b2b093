module @broadcast_subtract {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
    %0 = chlo.broadcast_subtract %arg0, %arg1 {broadcast_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    return %0 : tensor<2x3x4xf32>
  }
}
