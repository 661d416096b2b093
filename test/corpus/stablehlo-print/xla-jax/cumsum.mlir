module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x2xf64>) -> tensor<8x2xf64> {
    %0 = func.call @cumsum.3(%arg0) : (tensor<8x2xf64>) -> tensor<8x2xf64>
    return %0 : tensor<8x2xf64>
  }
  func.func private @cumsum.3(%arg0: tensor<8x2xf64>) -> tensor<8x2xf64> {
    %0 = func.call @cumsum_0.2(%arg0) : (tensor<8x2xf64>) -> tensor<8x2xf64>
    return %0 : tensor<8x2xf64>
  }
  func.func private @cumsum_0.2(%arg0: tensor<8x2xf64>) -> tensor<8x2xf64> {
    %0 = stablehlo.constant dense<0.0> : tensor<f64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{window_dimensions = array<i64: 8, 1>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[7, 0], [0, 0]]> : tensor<2x2xi64>}> ({
    ^bb0(%a2: tensor<f64>, %a3: tensor<f64>):
      %4 = stablehlo.add %a2, %a3 : tensor<f64>
      "stablehlo.return"(%4) : (tensor<f64>) -> ()
    }) : (tensor<8x2xf64>, tensor<f64>) -> tensor<8x2xf64>
    return %1 : tensor<8x2xf64>
  }
}
