module @jit_layernorm attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x8xf64>, %arg1: tensor<8xf64>, %arg2: tensor<8xf64>) -> tensor<4x8xf64> {
    %0 = stablehlo.constant dense<0.0> : tensor<f64>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a2: tensor<f64>, %a3: tensor<f64>):
      %4 = stablehlo.add %a2, %a3 : tensor<f64>
      "stablehlo.return"(%4) : (tensor<f64>) -> ()
    }) : (tensor<4x8xf64>, tensor<f64>) -> tensor<4xf64>
    %5 = stablehlo.reshape %1 : (tensor<4xf64>) -> tensor<4x1xf64>
    %6 = stablehlo.constant dense<8.0> : tensor<f64>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f64>) -> tensor<4x1xf64>
    %8 = stablehlo.divide %5, %7 : tensor<4x1xf64>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<4x1xf64>) -> tensor<4x1xf64>
    %10 = stablehlo.reshape %9 : (tensor<4x1xf64>) -> tensor<4xf64>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<4xf64>) -> tensor<4x8xf64>
    %12 = stablehlo.subtract %arg0, %11 : tensor<4x8xf64>
    %13 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<4x1xf64>) -> tensor<4x1xf64>
    %14 = stablehlo.reshape %13 : (tensor<4x1xf64>) -> tensor<4xf64>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<4xf64>) -> tensor<4x8xf64>
    %16 = stablehlo.subtract %arg0, %15 : tensor<4x8xf64>
    %17 = stablehlo.multiply %16, %16 : tensor<4x8xf64>
    %18 = "stablehlo.reduce"(%17, %0) <{dimensions = array<i64: 1>}> ({
    ^bb0(%a19: tensor<f64>, %a20: tensor<f64>):
      %21 = stablehlo.add %a19, %a20 : tensor<f64>
      "stablehlo.return"(%21) : (tensor<f64>) -> ()
    }) : (tensor<4x8xf64>, tensor<f64>) -> tensor<4xf64>
    %22 = stablehlo.reshape %18 : (tensor<4xf64>) -> tensor<4x1xf64>
    %23 = stablehlo.divide %22, %7 : tensor<4x1xf64>
    %24 = stablehlo.constant dense<0.00001> : tensor<f64>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<f64>) -> tensor<4x1xf64>
    %26 = stablehlo.add %23, %25 : tensor<4x1xf64>
    %27 = stablehlo.sqrt %26 : tensor<4x1xf64>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1] : (tensor<4x1xf64>) -> tensor<4x1xf64>
    %29 = stablehlo.reshape %28 : (tensor<4x1xf64>) -> tensor<4xf64>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0] : (tensor<4xf64>) -> tensor<4x8xf64>
    %31 = stablehlo.divide %12, %30 : tensor<4x8xf64>
    %32 = stablehlo.reshape %arg1 : (tensor<8xf64>) -> tensor<1x8xf64>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<1x8xf64>) -> tensor<1x8xf64>
    %34 = stablehlo.reshape %33 : (tensor<1x8xf64>) -> tensor<8xf64>
    %35 = stablehlo.broadcast_in_dim %34, dims = [1] : (tensor<8xf64>) -> tensor<4x8xf64>
    %36 = stablehlo.multiply %31, %35 : tensor<4x8xf64>
    %37 = stablehlo.reshape %arg2 : (tensor<8xf64>) -> tensor<1x8xf64>
    %38 = stablehlo.broadcast_in_dim %37, dims = [0, 1] : (tensor<1x8xf64>) -> tensor<1x8xf64>
    %39 = stablehlo.reshape %38 : (tensor<1x8xf64>) -> tensor<8xf64>
    %40 = stablehlo.broadcast_in_dim %39, dims = [1] : (tensor<8xf64>) -> tensor<4x8xf64>
    %41 = stablehlo.add %36, %40 : tensor<4x8xf64>
    return %41 : tensor<4x8xf64>
  }
}
