module @constant_like {
  func.func public @main(%arg0: tensor<3x4xf32>) -> tensor<3x4xf32> {
    %0 = "chlo.constant_like"(%arg0) {value = 2.5 : f32} : (tensor<3x4xf32>) -> tensor<3x4xf32>
    return %0 : tensor<3x4xf32>
  }
}
