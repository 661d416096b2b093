module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf64>, %arg1: tensor<16x32xf64>, %arg2: tensor<32xf64>, %arg3: tensor<32x4xf64>, %arg4: tensor<4xf64>, %arg5: tensor<8x4xf64>) -> (tensor<16x32xf64>, tensor<32xf64>, tensor<32x4xf64>, tensor<4xf64>) {
    %0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x16xf64>, tensor<16x32xf64>) -> tensor<8x32xf64>
    %1 = stablehlo.reshape %arg2 : (tensor<32xf64>) -> tensor<1x32xf64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x32xf64>) -> tensor<1x32xf64>
    %3 = stablehlo.reshape %2 : (tensor<1x32xf64>) -> tensor<32xf64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [1] : (tensor<32xf64>) -> tensor<8x32xf64>
    %5 = stablehlo.add %0, %4 : tensor<8x32xf64>
    %6 = stablehlo.constant dense<0.0> : tensor<f64>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f64>) -> tensor<8x32xf64>
    %8 = stablehlo.maximum %5, %7 : tensor<8x32xf64>
    %9 = "stablehlo.dot_general"(%8, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<8x32xf64>, tensor<32x4xf64>) -> tensor<8x4xf64>
    %10 = stablehlo.reshape %arg4 : (tensor<4xf64>) -> tensor<1x4xf64>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x4xf64>) -> tensor<1x4xf64>
    %12 = stablehlo.reshape %11 : (tensor<1x4xf64>) -> tensor<4xf64>
    %13 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<4xf64>) -> tensor<8x4xf64>
    %14 = stablehlo.add %9, %13 : tensor<8x4xf64>
    %15 = stablehlo.tanh %14 : tensor<8x4xf64>
    %16 = stablehlo.subtract %15, %arg5 : tensor<8x4xf64>
    %17 = stablehlo.constant dense<2.0> : tensor<f64>
    %18 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<f64>) -> tensor<8x4xf64>
    %19 = stablehlo.multiply %16, %18 : tensor<8x4xf64>
    %20 = stablehlo.constant dense<0.03125> : tensor<f64>
    %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f64>) -> tensor<8x4xf64>
    %22 = stablehlo.multiply %19, %21 : tensor<8x4xf64>
    %23 = stablehlo.constant dense<1.0> : tensor<f64>
    %24 = stablehlo.broadcast_in_dim %23, dims = [] : (tensor<f64>) -> tensor<8x4xf64>
    %25 = stablehlo.add %15, %24 : tensor<8x4xf64>
    %26 = stablehlo.subtract %24, %15 : tensor<8x4xf64>
    %27 = stablehlo.multiply %25, %26 : tensor<8x4xf64>
    %28 = stablehlo.multiply %22, %27 : tensor<8x4xf64>
    %29 = "stablehlo.dot_general"(%28, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<8x4xf64>, tensor<32x4xf64>) -> tensor<8x32xf64>
    %30 = stablehlo.compare GT, %5, %7, FLOAT : (tensor<8x32xf64>, tensor<8x32xf64>) -> tensor<8x32xi1>
    %31 = stablehlo.constant dense<1.0> : tensor<f64>
    %32 = stablehlo.broadcast_in_dim %31, dims = [] : (tensor<f64>) -> tensor<8x32xf64>
    %33 = stablehlo.compare EQ, %5, %7, FLOAT : (tensor<8x32xf64>, tensor<8x32xf64>) -> tensor<8x32xi1>
    %34 = stablehlo.constant dense<0.5> : tensor<f64>
    %35 = stablehlo.broadcast_in_dim %34, dims = [] : (tensor<f64>) -> tensor<8x32xf64>
    %36 = "stablehlo.select"(%33, %35, %7) : (tensor<8x32xi1>, tensor<8x32xf64>, tensor<8x32xf64>) -> tensor<8x32xf64>
    %37 = "stablehlo.select"(%30, %32, %36) : (tensor<8x32xi1>, tensor<8x32xf64>, tensor<8x32xf64>) -> tensor<8x32xf64>
    %38 = stablehlo.multiply %29, %37 : tensor<8x32xf64>
    %39 = "stablehlo.dot_general"(%38, %arg0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<8x32xf64>, tensor<8x16xf64>) -> tensor<32x16xf64>
    %40 = stablehlo.transpose %39, dims = [1, 0] : (tensor<32x16xf64>) -> tensor<16x32xf64>
    %41 = stablehlo.constant dense<0.0> : tensor<f64>
    %42 = "stablehlo.reduce"(%38, %41) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a43: tensor<f64>, %a44: tensor<f64>):
      %45 = stablehlo.add %a43, %a44 : tensor<f64>
      "stablehlo.return"(%45) : (tensor<f64>) -> ()
    }) : (tensor<8x32xf64>, tensor<f64>) -> tensor<32xf64>
    %46 = stablehlo.reshape %42 : (tensor<32xf64>) -> tensor<1x32xf64>
    %47 = "stablehlo.reduce"(%46, %41) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a48: tensor<f64>, %a49: tensor<f64>):
      %50 = stablehlo.add %a48, %a49 : tensor<f64>
      "stablehlo.return"(%50) : (tensor<f64>) -> ()
    }) : (tensor<1x32xf64>, tensor<f64>) -> tensor<32xf64>
    %51 = "stablehlo.dot_general"(%28, %8) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<8x4xf64>, tensor<8x32xf64>) -> tensor<4x32xf64>
    %52 = stablehlo.transpose %51, dims = [1, 0] : (tensor<4x32xf64>) -> tensor<32x4xf64>
    %53 = "stablehlo.reduce"(%28, %41) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a54: tensor<f64>, %a55: tensor<f64>):
      %56 = stablehlo.add %a54, %a55 : tensor<f64>
      "stablehlo.return"(%56) : (tensor<f64>) -> ()
    }) : (tensor<8x4xf64>, tensor<f64>) -> tensor<4xf64>
    %57 = stablehlo.reshape %53 : (tensor<4xf64>) -> tensor<1x4xf64>
    %58 = "stablehlo.reduce"(%57, %41) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a59: tensor<f64>, %a60: tensor<f64>):
      %61 = stablehlo.add %a59, %a60 : tensor<f64>
      "stablehlo.return"(%61) : (tensor<f64>) -> ()
    }) : (tensor<1x4xf64>, tensor<f64>) -> tensor<4xf64>
    return %40, %47, %52, %58 : tensor<16x32xf64>, tensor<32xf64>, tensor<32x4xf64>, tensor<4xf64>
  }
}
