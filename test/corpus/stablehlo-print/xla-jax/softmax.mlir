module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x10xf64>) -> tensor<4x10xf64> {
    %0 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a2: tensor<f64>, %a3: tensor<f64>):
      %4 = stablehlo.maximum %a2, %a3 : tensor<f64>
      "stablehlo.return"(%4) : (tensor<f64>) -> ()
    }) : (tensor<4x10xf64>, tensor<f64>) -> tensor<4xf64>
    %5 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %7 = stablehlo.maximum %1, %6 : tensor<4xf64>
    %8 = stablehlo.reshape %7 : (tensor<4xf64>) -> tensor<4x1xf64>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<4x1xf64>) -> tensor<4x1xf64>
    %10 = stablehlo.reshape %9 : (tensor<4x1xf64>) -> tensor<4xf64>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<4xf64>) -> tensor<4x10xf64>
    %12 = stablehlo.subtract %arg0, %11 : tensor<4x10xf64>
    %13 = stablehlo.exponential %12 : tensor<4x10xf64>
    %14 = stablehlo.constant dense<0.0> : tensor<f64>
    %15 = "stablehlo.reduce"(%13, %14) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a16: tensor<f64>, %a17: tensor<f64>):
      %18 = stablehlo.add %a16, %a17 : tensor<f64>
      "stablehlo.return"(%18) : (tensor<f64>) -> ()
    }) : (tensor<4x10xf64>, tensor<f64>) -> tensor<4xf64>
    %19 = stablehlo.reshape %15 : (tensor<4xf64>) -> tensor<4x1xf64>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<4x1xf64>) -> tensor<4x1xf64>
    %21 = stablehlo.reshape %20 : (tensor<4x1xf64>) -> tensor<4xf64>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<4xf64>) -> tensor<4x10xf64>
    %23 = stablehlo.divide %13, %22 : tensor<4x10xf64>
    return %23 : tensor<4x10xf64>
  }
}
