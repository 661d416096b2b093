module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x7xf64>) -> tensor<3x7xf64> {
    %0 = func.call @sort.2(%arg0) : (tensor<3x7xf64>) -> tensor<3x7xf64>
    return %0 : tensor<3x7xf64>
  }
  func.func private @sort.2(%arg0: tensor<3x7xf64>) -> tensor<3x7xf64> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%a1: tensor<f64>, %a2: tensor<f64>):
      %3 = stablehlo.compare NE, %a1, %a1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %4 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %5 = stablehlo.constant dense<0.0> : tensor<f64>
      %6 = stablehlo.compare EQ, %a1, %5, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %7 = "stablehlo.select"(%6, %5, %a1) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %8 = "stablehlo.select"(%3, %4, %7) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %9 = stablehlo.compare NE, %a2, %a2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %10 = stablehlo.compare EQ, %a2, %5, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
      %11 = "stablehlo.select"(%10, %5, %a2) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %12 = "stablehlo.select"(%9, %4, %11) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
      %13 = stablehlo.compare LT, %8, %12, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
      "stablehlo.return"(%13) : (tensor<i1>) -> ()
    }) : (tensor<3x7xf64>) -> tensor<3x7xf64>
    return %0 : tensor<3x7xf64>
  }
}
