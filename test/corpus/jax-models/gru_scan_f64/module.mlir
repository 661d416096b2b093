module @jit_gru attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x2xf64>, %arg1: tensor<3xf64>, %arg2: tensor<2x3xf64>, %arg3: tensor<3x3xf64>, %arg4: tensor<2x3xf64>, %arg5: tensor<3x3xf64>, %arg6: tensor<2x3xf64>, %arg7: tensor<3x3xf64>) -> (tensor<3xf64> {jax.result_info = "result[0]"}, tensor<5xf64> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1:10 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg2, %iterArg_1 = %arg3, %iterArg_2 = %arg4, %iterArg_3 = %arg5, %iterArg_4 = %arg6, %iterArg_5 = %arg7, %iterArg_6 = %c, %iterArg_7 = %arg1, %iterArg_8 = %0) : tensor<5x2xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<i64>, tensor<3xf64>, tensor<5xf64>
    cond {
      %c_9 = stablehlo.constant dense<5> : tensor<i64>
      %2 = stablehlo.compare LT, %iterArg_6, %c_9, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_6) : (tensor<5x2xf64>, tensor<i64>) -> tensor<2xf64>
      %3:2 = func.call @closed_call(%iterArg_0, %iterArg_1, %iterArg_2, %iterArg_3, %iterArg_4, %iterArg_5, %iterArg_7, %2) : (tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<3xf64>, tensor<2xf64>) -> (tensor<3xf64>, tensor<f64>)
      %4 = func.call @dynamic_update_index_in_dim(%iterArg_8, %3#1, %iterArg_6) : (tensor<5xf64>, tensor<f64>, tensor<i64>) -> tensor<5xf64>
      %c_9 = stablehlo.constant dense<1> : tensor<i64>
      %5 = stablehlo.add %iterArg_6, %c_9 : tensor<i64>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %iterArg_2, %iterArg_3, %iterArg_4, %iterArg_5, %5, %3#0, %4 : tensor<5x2xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<i64>, tensor<3xf64>, tensor<5xf64>
    }
    return %1#8, %1#9 : tensor<3xf64>, tensor<5xf64>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x2xf64>, %arg1: tensor<i64>) -> tensor<2xf64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 2] : (tensor<5x2xf64>, tensor<i64>, tensor<i64>) -> tensor<1x2xf64>
    %1 = stablehlo.reshape %0 : (tensor<1x2xf64>) -> tensor<2xf64>
    return %1 : tensor<2xf64>
  }
  func.func private @closed_call(%arg0: tensor<2x3xf64>, %arg1: tensor<3x3xf64>, %arg2: tensor<2x3xf64>, %arg3: tensor<3x3xf64>, %arg4: tensor<2x3xf64>, %arg5: tensor<3x3xf64>, %arg6: tensor<3xf64>, %arg7: tensor<2xf64>) -> (tensor<3xf64>, tensor<f64>) {
    %0 = stablehlo.dot_general %arg7, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2xf64>, tensor<2x3xf64>) -> tensor<3xf64>
    %1 = stablehlo.dot_general %arg6, %arg1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3xf64>, tensor<3x3xf64>) -> tensor<3xf64>
    %2 = stablehlo.add %0, %1 : tensor<3xf64>
    %3 = stablehlo.negate %2 : tensor<3xf64>
    %4 = stablehlo.exponential %3 : tensor<3xf64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %6 = stablehlo.add %5, %4 : tensor<3xf64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %8 = stablehlo.divide %7, %6 : tensor<3xf64>
    %9 = stablehlo.dot_general %arg7, %arg2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2xf64>, tensor<2x3xf64>) -> tensor<3xf64>
    %10 = stablehlo.dot_general %arg6, %arg3, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3xf64>, tensor<3x3xf64>) -> tensor<3xf64>
    %11 = stablehlo.add %9, %10 : tensor<3xf64>
    %12 = stablehlo.negate %11 : tensor<3xf64>
    %13 = stablehlo.exponential %12 : tensor<3xf64>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %15 = stablehlo.add %14, %13 : tensor<3xf64>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %17 = stablehlo.divide %16, %15 : tensor<3xf64>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %18 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %19 = stablehlo.subtract %18, %8 : tensor<3xf64>
    %20 = stablehlo.multiply %19, %arg6 : tensor<3xf64>
    %21 = stablehlo.dot_general %arg7, %arg4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2xf64>, tensor<2x3xf64>) -> tensor<3xf64>
    %22 = stablehlo.multiply %17, %arg6 : tensor<3xf64>
    %23 = stablehlo.dot_general %22, %arg5, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3xf64>, tensor<3x3xf64>) -> tensor<3xf64>
    %24 = stablehlo.add %21, %23 : tensor<3xf64>
    %25 = stablehlo.tanh %24 : tensor<3xf64>
    %26 = stablehlo.multiply %8, %25 : tensor<3xf64>
    %27 = stablehlo.add %20, %26 : tensor<3xf64>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %28 = stablehlo.reduce(%27 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
    return %27, %28 : tensor<3xf64>, tensor<f64>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5xf64>, %arg1: tensor<f64>, %arg2: tensor<i64>) -> tensor<5xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<5xf64>, tensor<1xf64>, tensor<i64>) -> tensor<5xf64>
    return %1 : tensor<5xf64>
  }
}
