module @jit_mixer attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf64>, %arg1: tensor<4x8xf64>, %arg2: tensor<8x4xf64>, %arg3: tensor<6x12xf64>, %arg4: tensor<12x6xf64>) -> tensor<4x6xf64> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x6xf64>) -> tensor<6x4xf64>
    %1 = "stablehlo.dot_general"(%0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<6x4xf64>, tensor<4x8xf64>) -> tensor<6x8xf64>
    %2 = "stablehlo.dot_general"(%1, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<6x8xf64>, tensor<8x4xf64>) -> tensor<6x4xf64>
    %3 = stablehlo.multiply %2, %2 : tensor<6x4xf64>
    %4 = stablehlo.multiply %3, %2 : tensor<6x4xf64>
    %5 = stablehlo.constant dense<0.044715> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f64>) -> tensor<6x4xf64>
    %7 = stablehlo.multiply %4, %6 : tensor<6x4xf64>
    %8 = stablehlo.add %2, %7 : tensor<6x4xf64>
    %9 = stablehlo.constant dense<0.7978845608028654> : tensor<f64>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f64>) -> tensor<6x4xf64>
    %11 = stablehlo.multiply %8, %10 : tensor<6x4xf64>
    %12 = stablehlo.tanh %11 : tensor<6x4xf64>
    %13 = stablehlo.constant dense<1.0> : tensor<f64>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f64>) -> tensor<6x4xf64>
    %15 = stablehlo.add %12, %14 : tensor<6x4xf64>
    %16 = stablehlo.constant dense<0.5> : tensor<f64>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f64>) -> tensor<6x4xf64>
    %18 = stablehlo.multiply %15, %17 : tensor<6x4xf64>
    %19 = stablehlo.multiply %2, %18 : tensor<6x4xf64>
    %20 = stablehlo.transpose %19, dims = [1, 0] : (tensor<6x4xf64>) -> tensor<4x6xf64>
    %21 = stablehlo.add %arg0, %20 : tensor<4x6xf64>
    %22 = "stablehlo.dot_general"(%21, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<4x6xf64>, tensor<6x12xf64>) -> tensor<4x12xf64>
    %23 = stablehlo.multiply %22, %22 : tensor<4x12xf64>
    %24 = stablehlo.multiply %23, %22 : tensor<4x12xf64>
    %25 = stablehlo.constant dense<0.044715> : tensor<f64>
    %26 = stablehlo.broadcast_in_dim %25, dims = [] : (tensor<f64>) -> tensor<4x12xf64>
    %27 = stablehlo.multiply %24, %26 : tensor<4x12xf64>
    %28 = stablehlo.add %22, %27 : tensor<4x12xf64>
    %29 = stablehlo.constant dense<0.7978845608028654> : tensor<f64>
    %30 = stablehlo.broadcast_in_dim %29, dims = [] : (tensor<f64>) -> tensor<4x12xf64>
    %31 = stablehlo.multiply %28, %30 : tensor<4x12xf64>
    %32 = stablehlo.tanh %31 : tensor<4x12xf64>
    %33 = stablehlo.constant dense<1.0> : tensor<f64>
    %34 = stablehlo.broadcast_in_dim %33, dims = [] : (tensor<f64>) -> tensor<4x12xf64>
    %35 = stablehlo.add %32, %34 : tensor<4x12xf64>
    %36 = stablehlo.constant dense<0.5> : tensor<f64>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<f64>) -> tensor<4x12xf64>
    %38 = stablehlo.multiply %35, %37 : tensor<4x12xf64>
    %39 = stablehlo.multiply %22, %38 : tensor<4x12xf64>
    %40 = "stablehlo.dot_general"(%39, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}> : (tensor<4x12xf64>, tensor<12x6xf64>) -> tensor<4x6xf64>
    %41 = stablehlo.add %21, %40 : tensor<4x6xf64>
    return %41 : tensor<4x6xf64>
  }
}
