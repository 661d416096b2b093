module @broadcast_compare {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<4xf32>) -> tensor<3x4xi1> {
    %0 = chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xi1>
    return %0 : tensor<3x4xi1>
  }
}
