module @jit_gru attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x2xf64>, %arg1: tensor<3xf64>, %arg2: tensor<2x3xf64>, %arg3: tensor<3x3xf64>, %arg4: tensor<2x3xf64>, %arg5: tensor<3x3xf64>, %arg6: tensor<2x3xf64>, %arg7: tensor<3x3xf64>) -> (tensor<3xf64>, tensor<5xf64>) {
    %0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.constant dense<0.0> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %3:10 = "stablehlo.while"(%0, %arg1, %2, %arg0, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7) ({
    ^bb0(%a4: tensor<i64>, %a5: tensor<3xf64>, %a6: tensor<5xf64>, %a7: tensor<5x2xf64>, %a8: tensor<2x3xf64>, %a9: tensor<3x3xf64>, %a10: tensor<2x3xf64>, %a11: tensor<3x3xf64>, %a12: tensor<2x3xf64>, %a13: tensor<3x3xf64>):
      %14 = stablehlo.constant dense<5> : tensor<i64>
      %15 = stablehlo.compare LT, %a4, %14, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      "stablehlo.return"(%15) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a16: tensor<i64>, %a17: tensor<3xf64>, %a18: tensor<5xf64>, %a19: tensor<5x2xf64>, %a20: tensor<2x3xf64>, %a21: tensor<3x3xf64>, %a22: tensor<2x3xf64>, %a23: tensor<3x3xf64>, %a24: tensor<2x3xf64>, %a25: tensor<3x3xf64>):
      %26 = stablehlo.constant dense<1> : tensor<i64>
      %27 = stablehlo.add %a16, %26 : tensor<i64>
      %28 = func.call @dynamic_index_in_dim.1(%a19, %a16) : (tensor<5x2xf64>, tensor<i64>) -> tensor<2xf64>
      %29 = func.call @closed_call.3(%a20, %a21, %a22, %a23, %a24, %a25, %a17, %28) : (tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<3xf64>, tensor<2xf64>) -> (tuple<tensor<3xf64>, tensor<f64>>)
      %30 = "stablehlo.get_tuple_element"(%29) <{index = 0 : i32}> : (tuple<tensor<3xf64>, tensor<f64>>) -> tensor<3xf64>
      %31 = "stablehlo.get_tuple_element"(%29) <{index = 1 : i32}> : (tuple<tensor<3xf64>, tensor<f64>>) -> tensor<f64>
      %32 = func.call @dynamic_update_index_in_dim.4(%a18, %31, %a16) : (tensor<5xf64>, tensor<f64>, tensor<i64>) -> tensor<5xf64>
      "stablehlo.return"(%27, %30, %32, %a19, %a20, %a21, %a22, %a23, %a24, %a25) : (tensor<i64>, tensor<3xf64>, tensor<5xf64>, tensor<5x2xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>) -> ()
    }) : (tensor<i64>, tensor<3xf64>, tensor<5xf64>, tensor<5x2xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>) -> (tensor<i64>, tensor<3xf64>, tensor<5xf64>, tensor<5x2xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>, tensor<2x3xf64>, tensor<3x3xf64>)
    return %3#1, %3#2 : tensor<3xf64>, tensor<5xf64>
  }
  func.func private @dynamic_index_in_dim.1(%arg0: tensor<5x2xf64>, %arg1: tensor<i64>) -> tensor<2xf64> {
    %0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = "stablehlo.dynamic_slice"(%arg0, %arg1, %0) <{slice_sizes = array<i64: 1, 2>}> : (tensor<5x2xf64>, tensor<i64>, tensor<i64>) -> tensor<1x2xf64>
    %2 = stablehlo.reshape %1 : (tensor<1x2xf64>) -> tensor<2xf64>
    return %2 : tensor<2xf64>
  }
  func.func private @closed_call.3(%arg0: tensor<2x3xf64>, %arg1: tensor<3x3xf64>, %arg2: tensor<2x3xf64>, %arg3: tensor<3x3xf64>, %arg4: tensor<2x3xf64>, %arg5: tensor<3x3xf64>, %arg6: tensor<3xf64>, %arg7: tensor<2xf64>) -> (tuple<tensor<3xf64>, tensor<f64>>) {
    %0 = stablehlo.constant dense<1.0> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %2 = "stablehlo.dot_general"(%arg7, %arg0) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<2xf64>, tensor<2x3xf64>) -> tensor<3xf64>
    %3 = "stablehlo.dot_general"(%arg6, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xf64>, tensor<3x3xf64>) -> tensor<3xf64>
    %4 = stablehlo.add %2, %3 : tensor<3xf64>
    %5 = stablehlo.negate %4 : tensor<3xf64>
    %6 = stablehlo.exponential %5 : tensor<3xf64>
    %7 = stablehlo.add %6, %1 : tensor<3xf64>
    %8 = stablehlo.divide %1, %7 : tensor<3xf64>
    %9 = stablehlo.subtract %1, %8 : tensor<3xf64>
    %10 = stablehlo.multiply %9, %arg6 : tensor<3xf64>
    %11 = "stablehlo.dot_general"(%arg7, %arg4) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<2xf64>, tensor<2x3xf64>) -> tensor<3xf64>
    %12 = "stablehlo.dot_general"(%arg7, %arg2) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<2xf64>, tensor<2x3xf64>) -> tensor<3xf64>
    %13 = "stablehlo.dot_general"(%arg6, %arg3) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xf64>, tensor<3x3xf64>) -> tensor<3xf64>
    %14 = stablehlo.add %12, %13 : tensor<3xf64>
    %15 = stablehlo.negate %14 : tensor<3xf64>
    %16 = stablehlo.exponential %15 : tensor<3xf64>
    %17 = stablehlo.add %16, %1 : tensor<3xf64>
    %18 = stablehlo.divide %1, %17 : tensor<3xf64>
    %19 = stablehlo.multiply %18, %arg6 : tensor<3xf64>
    %20 = "stablehlo.dot_general"(%19, %arg5) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>}> : (tensor<3xf64>, tensor<3x3xf64>) -> tensor<3xf64>
    %21 = stablehlo.add %11, %20 : tensor<3xf64>
    %22 = stablehlo.tanh %21 : tensor<3xf64>
    %23 = stablehlo.multiply %8, %22 : tensor<3xf64>
    %24 = stablehlo.add %10, %23 : tensor<3xf64>
    %25 = stablehlo.constant dense<0.0> : tensor<f64>
    %26 = "stablehlo.reduce"(%24, %25) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a27: tensor<f64>, %a28: tensor<f64>):
      %29 = stablehlo.add %a27, %a28 : tensor<f64>
      "stablehlo.return"(%29) : (tensor<f64>) -> ()
    }) : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
    %30 = "stablehlo.tuple"(%24, %26) : (tensor<3xf64>, tensor<f64>) -> (tuple<tensor<3xf64>, tensor<f64>>)
    return %30 : tuple<tensor<3xf64>, tensor<f64>>
  }
  func.func private @dynamic_update_index_in_dim.4(%arg0: tensor<5xf64>, %arg1: tensor<f64>, %arg2: tensor<i64>) -> tensor<5xf64> {
    %0 = stablehlo.reshape %arg1 : (tensor<f64>) -> tensor<1xf64>
    %1 = "stablehlo.dynamic_update_slice"(%arg0, %0, %arg2) : (tensor<5xf64>, tensor<1xf64>, tensor<i64>) -> tensor<5xf64>
    return %1 : tensor<5xf64>
  }
}
