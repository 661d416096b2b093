module @broadcast_zeta {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<4xf32>) -> tensor<3x4xf32> {
    %0 = chlo.broadcast_zeta %arg0, %arg1 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
