module @broadcast_shift_right_arithmetic {
  func.func public @main(%arg0: tensor<3x4xi32>, %arg1: tensor<4xi32>) -> tensor<3x4xi32> {
    %0 = chlo.broadcast_shift_right_arithmetic %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<3x4xi32>, tensor<4xi32>) -> tensor<3x4xi32>
    return %0 : tensor<3x4xi32>
  }
}
