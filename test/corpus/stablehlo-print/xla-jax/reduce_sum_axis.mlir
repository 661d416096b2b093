module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf64>) -> tensor<4xf64> {
    %0 = stablehlo.constant dense<0.0> : tensor<f64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a2: tensor<f64>, %a3: tensor<f64>):
      %4 = stablehlo.add %a2, %a3 : tensor<f64>
      "stablehlo.return"(%4) : (tensor<f64>) -> ()
    }) : (tensor<4x6xf64>, tensor<f64>) -> tensor<4xf64>
    return %1 : tensor<4xf64>
  }
}
