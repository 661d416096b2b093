module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xi64>) -> (tensor<7xi64> {jax.result_info = "result[0]"}, tensor<7xi64> {jax.result_info = "result[1]"}) {
    %0 = call @cumprod(%arg0) : (tensor<7xi64>) -> tensor<7xi64>
    %c = stablehlo.constant dense<1000000000000> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<7xi64>
    %2 = stablehlo.multiply %arg0, %1 : tensor<7xi64>
    %3 = call @cumsum(%2) : (tensor<7xi64>) -> tensor<7xi64>
    return %0, %3 : tensor<7xi64>, tensor<7xi64>
  }
  func.func private @cumprod(%arg0: tensor<7xi64>) -> tensor<7xi64> {
    %0 = call @cumprod_0(%arg0) : (tensor<7xi64>) -> tensor<7xi64>
    return %0 : tensor<7xi64>
  }
  func.func private @cumprod_0(%arg0: tensor<7xi64>) -> tensor<7xi64> {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = "stablehlo.reduce_window"(%arg0, %c) <{base_dilations = array<i64: 1>, padding = dense<[[6, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 7>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %1 = stablehlo.multiply %arg1, %arg2 : tensor<i64>
      stablehlo.return %1 : tensor<i64>
    }) : (tensor<7xi64>, tensor<i64>) -> tensor<7xi64>
    return %0 : tensor<7xi64>
  }
  func.func private @cumsum(%arg0: tensor<7xi64>) -> tensor<7xi64> {
    %0 = call @cumsum_1(%arg0) : (tensor<7xi64>) -> tensor<7xi64>
    return %0 : tensor<7xi64>
  }
  func.func private @cumsum_1(%arg0: tensor<7xi64>) -> tensor<7xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<i64>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[6, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 7>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i64>
      stablehlo.return %2 : tensor<i64>
    }) : (tensor<7xi64>, tensor<i64>) -> tensor<7xi64>
    return %1 : tensor<7xi64>
  }
}
