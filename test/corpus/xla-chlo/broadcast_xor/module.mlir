module @broadcast_xor {
  func.func public @main(%arg0: tensor<3x4xi1>, %arg1: tensor<1x4xi1>) -> tensor<3x4xi1> {
    %0 = chlo.broadcast_xor %arg0, %arg1 : (tensor<3x4xi1>, tensor<1x4xi1>) -> tensor<3x4xi1>
    return %0 : tensor<3x4xi1>
  }
}
