module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x7xf64>) -> tensor<4xi64> {
    %0 = func.call @argmax.2(%arg0) : (tensor<4x7xf64>) -> tensor<4xi64>
    return %0 : tensor<4xi64>
  }
  func.func private @argmax.2(%arg0: tensor<4x7xf64>) -> tensor<4xi64> {
    %0 = stablehlo.iota dim = 0 : tensor<7xi64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<7xi64>) -> tensor<4x7xi64>
    %2 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %3 = stablehlo.constant dense<0> : tensor<i64>
    %4:2 = "stablehlo.reduce"(%arg0, %1, %2, %3) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a5: tensor<f64>, %a6: tensor<i64>, %a7: tensor<f64>, %a8: tensor<i64>):
      %9 = stablehlo.compare GT, %a5, %a7, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %10 = stablehlo.compare NE, %a5, %a5, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %11 = stablehlo.or %9, %10 : tensor<i1>
      %12 = "stablehlo.select"(%11, %a5, %a7) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %13 = stablehlo.compare EQ, %a5, %a7, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %14 = stablehlo.compare LT, %a6, %a8, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      %15 = stablehlo.and %13, %14 : tensor<i1>
      %16 = stablehlo.or %11, %15 : tensor<i1>
      %17 = "stablehlo.select"(%16, %a6, %a8) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%12, %17) : (tensor<f64>, tensor<i64>) -> ()
    }) : (tensor<4x7xf64>, tensor<4x7xi64>, tensor<f64>, tensor<i64>) -> (tensor<4xf64>, tensor<4xi64>)
    return %4#1 : tensor<4xi64>
  }
}
