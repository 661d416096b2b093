module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf64>) -> tensor<3xf64> {
    %0 = stablehlo.constant dense<0> : tensor<i64>
    %1:3 = "stablehlo.while"(%0, %0, %arg0) ({
    ^bb0(%a2: tensor<i64>, %a3: tensor<i64>, %a4: tensor<3xf64>):
      %5 = stablehlo.constant dense<5> : tensor<i64>
      %6 = stablehlo.compare LT, %a2, %5, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%6) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a7: tensor<i64>, %a8: tensor<i64>, %a9: tensor<3xf64>):
      %10 = stablehlo.constant dense<1> : tensor<i64>
      %11 = stablehlo.add %a7, %10 : tensor<i64>
      %12 = stablehlo.add %a8, %10 : tensor<i64>
      %13 = stablehlo.constant dense<0.5> : tensor<f64>
      %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f64>) -> tensor<3xf64>
      %15 = stablehlo.multiply %a9, %14 : tensor<3xf64>
      %16 = stablehlo.convert %a8 : (tensor<i64>) -> tensor<f64>
      %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f64>) -> tensor<3xf64>
      %18 = stablehlo.add %15, %17 : tensor<3xf64>
      "stablehlo.return"(%11, %12, %18) : (tensor<i64>, tensor<i64>, tensor<3xf64>) -> ()
    }) : (tensor<i64>, tensor<i64>, tensor<3xf64>) -> (tensor<i64>, tensor<i64>, tensor<3xf64>)
    return %1#2 : tensor<3xf64>
  }
}
