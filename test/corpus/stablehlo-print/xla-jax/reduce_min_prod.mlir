module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>) -> (tensor<4xf64>, tensor<3xf64>) {
    %0 = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a2: tensor<f64>, %a3: tensor<f64>):
      %4 = stablehlo.minimum %a2, %a3 : tensor<f64>
      "stablehlo.return"(%4) : (tensor<f64>) -> ()
    }) : (tensor<3x4xf64>, tensor<f64>) -> tensor<4xf64>
    %5 = stablehlo.constant dense<1.0> : tensor<f64>
    %6 = "stablehlo.reduce"(%arg0, %5) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a7: tensor<f64>, %a8: tensor<f64>):
      %9 = stablehlo.multiply %a7, %a8 : tensor<f64>
      "stablehlo.return"(%9) : (tensor<f64>) -> ()
    }) : (tensor<3x4xf64>, tensor<f64>) -> tensor<3xf64>
    return %1, %6 : tensor<4xf64>, tensor<3xf64>
  }
}
