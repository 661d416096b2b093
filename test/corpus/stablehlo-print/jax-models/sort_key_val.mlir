module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xf64>, %arg1: tensor<7xi32>) -> (tensor<7xf64>, tensor<7xi32>) {
    %0:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%a1: tensor<f64>, %a2: tensor<f64>, %a3: tensor<i32>, %a4: tensor<i32>):
      %5 = stablehlo.compare NE, %a1, %a1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %6 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %7 = stablehlo.constant dense<0.0> : tensor<f64>
      %8 = stablehlo.compare EQ, %a1, %7, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %9 = "stablehlo.select"(%8, %7, %a1) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %10 = "stablehlo.select"(%5, %6, %9) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %11 = stablehlo.compare NE, %a2, %a2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %12 = stablehlo.compare EQ, %a2, %7, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %13 = "stablehlo.select"(%12, %7, %a2) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %14 = "stablehlo.select"(%11, %6, %13) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %15 = stablehlo.compare LT, %10, %14, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      "stablehlo.return"(%15) : (tensor<i1>) -> ()
    }) : (tensor<7xf64>, tensor<7xi32>) -> (tensor<7xf64>, tensor<7xi32>)
    return %0#0, %0#1 : tensor<7xf64>, tensor<7xi32>
  }
}
