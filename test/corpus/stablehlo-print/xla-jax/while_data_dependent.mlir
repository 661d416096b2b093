module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f64>) -> (tensor<f64>, tensor<i32>) {
    %0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = "stablehlo.while"(%arg0, %0) ({
    ^bb0(%a2: tensor<f64>, %a3: tensor<i32>):
      %4 = stablehlo.constant dense<100.0> : tensor<f64>
      %5 = stablehlo.compare LT, %a2, %4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      "stablehlo.return"(%5) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a6: tensor<f64>, %a7: tensor<i32>):
      %8 = stablehlo.constant dense<2.0> : tensor<f64>
      %9 = stablehlo.multiply %a6, %8 : tensor<f64>
      %10 = stablehlo.constant dense<1.0> : tensor<f64>
      %11 = stablehlo.add %9, %10 : tensor<f64>
      %12 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %a7, %12 : tensor<i32>
      "stablehlo.return"(%11, %13) : (tensor<f64>, tensor<i32>) -> ()
    }) : (tensor<f64>, tensor<i32>) -> (tensor<f64>, tensor<i32>)
    return %1#0, %1#1 : tensor<f64>, tensor<i32>
  }
}
