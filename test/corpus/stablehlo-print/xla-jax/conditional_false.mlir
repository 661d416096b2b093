module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<i1>, %arg1: tensor<4xf64>) -> tensor<4xf64> {
    %0 = stablehlo.convert %arg0 : (tensor<i1>) -> tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %2 = stablehlo.constant dense<1.0> : tensor<f64>
      %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f64>) -> tensor<4xf64>
      %4 = stablehlo.subtract %arg1, %3 : tensor<4xf64>
      "stablehlo.return"(%4) : (tensor<4xf64>) -> ()
    }, {
      %5 = stablehlo.sine %arg1 : tensor<4xf64>
      "stablehlo.return"(%5) : (tensor<4xf64>) -> ()
    }) : (tensor<i32>) -> tensor<4xf64>
    return %1 : tensor<4xf64>
  }
}
