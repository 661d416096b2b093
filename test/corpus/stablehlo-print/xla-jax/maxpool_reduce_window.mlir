module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf64>) -> tensor<2x3xf64> {
    %0 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 0]]> : tensor<2x2xi64>}> ({
    ^bb0(%a2: tensor<f64>, %a3: tensor<f64>):
      %4 = stablehlo.maximum %a2, %a3 : tensor<f64>
      "stablehlo.return"(%4) : (tensor<f64>) -> ()
    }) : (tensor<4x6xf64>, tensor<f64>) -> tensor<2x3xf64>
    return %1 : tensor<2x3xf64>
  }
}
