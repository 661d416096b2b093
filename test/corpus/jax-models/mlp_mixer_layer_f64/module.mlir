module @jit_mixer attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf64>, %arg1: tensor<4x8xf64>, %arg2: tensor<8x4xf64>, %arg3: tensor<6x12xf64>, %arg4: tensor<12x6xf64>) -> (tensor<4x6xf64> {jax.result_info = "result"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x6xf64>) -> tensor<6x4xf64>
    %1 = stablehlo.dot_general %0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x4xf64>, tensor<4x8xf64>) -> tensor<6x8xf64>
    %2 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x8xf64>, tensor<8x4xf64>) -> tensor<6x4xf64>
    %3 = stablehlo.multiply %2, %2 : tensor<6x4xf64>
    %4 = stablehlo.multiply %3, %2 : tensor<6x4xf64>
    %cst = stablehlo.constant dense<4.471500e-02> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<6x4xf64>
    %6 = stablehlo.multiply %5, %4 : tensor<6x4xf64>
    %7 = stablehlo.add %2, %6 : tensor<6x4xf64>
    %cst_0 = stablehlo.constant dense<0.79788456080286541> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<6x4xf64>
    %9 = stablehlo.multiply %8, %7 : tensor<6x4xf64>
    %10 = stablehlo.tanh %9 : tensor<6x4xf64>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<6x4xf64>
    %12 = stablehlo.add %11, %10 : tensor<6x4xf64>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<f64>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<6x4xf64>
    %14 = stablehlo.multiply %13, %12 : tensor<6x4xf64>
    %15 = stablehlo.multiply %2, %14 : tensor<6x4xf64>
    %16 = stablehlo.transpose %15, dims = [1, 0] : (tensor<6x4xf64>) -> tensor<4x6xf64>
    %17 = stablehlo.add %arg0, %16 : tensor<4x6xf64>
    %18 = stablehlo.dot_general %17, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xf64>, tensor<6x12xf64>) -> tensor<4x12xf64>
    %19 = stablehlo.multiply %18, %18 : tensor<4x12xf64>
    %20 = stablehlo.multiply %19, %18 : tensor<4x12xf64>
    %cst_3 = stablehlo.constant dense<4.471500e-02> : tensor<f64>
    %21 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<4x12xf64>
    %22 = stablehlo.multiply %21, %20 : tensor<4x12xf64>
    %23 = stablehlo.add %18, %22 : tensor<4x12xf64>
    %cst_4 = stablehlo.constant dense<0.79788456080286541> : tensor<f64>
    %24 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f64>) -> tensor<4x12xf64>
    %25 = stablehlo.multiply %24, %23 : tensor<4x12xf64>
    %26 = stablehlo.tanh %25 : tensor<4x12xf64>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %27 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f64>) -> tensor<4x12xf64>
    %28 = stablehlo.add %27, %26 : tensor<4x12xf64>
    %cst_6 = stablehlo.constant dense<5.000000e-01> : tensor<f64>
    %29 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<4x12xf64>
    %30 = stablehlo.multiply %29, %28 : tensor<4x12xf64>
    %31 = stablehlo.multiply %18, %30 : tensor<4x12xf64>
    %32 = stablehlo.dot_general %31, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x12xf64>, tensor<12x6xf64>) -> tensor<4x6xf64>
    %33 = stablehlo.add %17, %32 : tensor<4x6xf64>
    return %33 : tensor<4x6xf64>
  }
}
