module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x3xf64>) -> tensor<3xf64> {
    %0 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a2: tensor<f64>, %a3: tensor<f64>):
      %4 = stablehlo.maximum %a2, %a3 : tensor<f64>
      "stablehlo.return"(%4) : (tensor<f64>) -> ()
    }) : (tensor<6x3xf64>, tensor<f64>) -> tensor<3xf64>
    %5 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %7 = stablehlo.maximum %1, %6 : tensor<3xf64>
    %8 = "stablehlo.is_finite"(%7) : (tensor<3xf64>) -> tensor<3xi1>
    %9 = stablehlo.constant dense<0.0> : tensor<f64>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %11 = "stablehlo.select"(%8, %7, %10) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    %12 = stablehlo.reshape %11 : (tensor<3xf64>) -> tensor<1x3xf64>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<1x3xf64>) -> tensor<1x3xf64>
    %14 = stablehlo.reshape %13 : (tensor<1x3xf64>) -> tensor<3xf64>
    %15 = stablehlo.broadcast_in_dim %14, dims = [1] : (tensor<3xf64>) -> tensor<6x3xf64>
    %16 = stablehlo.subtract %arg0, %15 : tensor<6x3xf64>
    %17 = stablehlo.exponential %16 : tensor<6x3xf64>
    %18 = stablehlo.constant dense<0.0> : tensor<f64>
    %19 = "stablehlo.reduce"(%17, %18) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a20: tensor<f64>, %a21: tensor<f64>):
      %22 = stablehlo.add %a20, %a21 : tensor<f64>
      "stablehlo.return"(%22) : (tensor<f64>) -> ()
    }) : (tensor<6x3xf64>, tensor<f64>) -> tensor<3xf64>
    %23 = stablehlo.abs %19 : tensor<3xf64>
    %24 = stablehlo.log %23 : tensor<3xf64>
    %25 = stablehlo.add %24, %11 : tensor<3xf64>
    return %25 : tensor<3xf64>
  }
}
