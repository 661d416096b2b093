module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xi64>) -> (tensor<7xi64>, tensor<7xi64>) {
    %0 = func.call @cumprod.3(%arg0) : (tensor<7xi64>) -> tensor<7xi64>
    %1 = stablehlo.constant dense<1000000000000> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i64>) -> tensor<7xi64>
    %3 = stablehlo.multiply %arg0, %2 : tensor<7xi64>
    %4 = func.call @cumsum.6(%3) : (tensor<7xi64>) -> tensor<7xi64>
    return %0, %4 : tensor<7xi64>, tensor<7xi64>
  }
  func.func private @cumprod.3(%arg0: tensor<7xi64>) -> tensor<7xi64> {
    %0 = func.call @cumprod_0.2(%arg0) : (tensor<7xi64>) -> tensor<7xi64>
    return %0 : tensor<7xi64>
  }
  func.func private @cumsum.6(%arg0: tensor<7xi64>) -> tensor<7xi64> {
    %0 = func.call @cumsum_1.5(%arg0) : (tensor<7xi64>) -> tensor<7xi64>
    return %0 : tensor<7xi64>
  }
  func.func private @cumprod_0.2(%arg0: tensor<7xi64>) -> tensor<7xi64> {
    %0 = stablehlo.constant dense<1> : tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{window_dimensions = array<i64: 7>, window_strides = array<i64: 1>, base_dilations = array<i64: 1>, window_dilations = array<i64: 1>, padding = dense<[[6, 0]]> : tensor<1x2xi64>}> ({
    ^bb0(%a2: tensor<i64>, %a3: tensor<i64>):
      %4 = stablehlo.multiply %a2, %a3 : tensor<i64>
      "stablehlo.return"(%4) : (tensor<i64>) -> ()
    }) : (tensor<7xi64>, tensor<i64>) -> tensor<7xi64>
    return %1 : tensor<7xi64>
  }
  func.func private @cumsum_1.5(%arg0: tensor<7xi64>) -> tensor<7xi64> {
    %0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{window_dimensions = array<i64: 7>, window_strides = array<i64: 1>, base_dilations = array<i64: 1>, window_dilations = array<i64: 1>, padding = dense<[[6, 0]]> : tensor<1x2xi64>}> ({
    ^bb0(%a2: tensor<i64>, %a3: tensor<i64>):
      %4 = stablehlo.add %a2, %a3 : tensor<i64>
      "stablehlo.return"(%4) : (tensor<i64>) -> ()
    }) : (tensor<7xi64>, tensor<i64>) -> tensor<7xi64>
    return %1 : tensor<7xi64>
  }
}
