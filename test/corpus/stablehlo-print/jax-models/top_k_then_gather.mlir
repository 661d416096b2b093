module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf64>, %arg1: tensor<3x5xf64>) -> tensor<3x2xf64> {
    %0:2 = "chlo.top_k"(%arg0) <{k = 2 : i64}> : (tensor<3x5xf64>) -> (tensor<3x2xf64>, tensor<3x2xi32>)
    %1 = func.call @take_along_axis.2(%arg1, %0#1) : (tensor<3x5xf64>, tensor<3x2xi32>) -> tensor<3x2xf64>
    return %1 : tensor<3x2xf64>
  }
  func.func private @take_along_axis.2(%arg0: tensor<3x5xf64>, %arg1: tensor<3x2xi32>) -> tensor<3x2xf64> {
    %0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<3x2xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi1>
    %3 = stablehlo.constant dense<5> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<3x2xi32>
    %5 = stablehlo.add %arg1, %4 : tensor<3x2xi32>
    %6 = "stablehlo.select"(%2, %5, %arg1) : (tensor<3x2xi1>, tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
    %7 = stablehlo.reshape %6 : (tensor<3x2xi32>) -> tensor<3x2x1xi32>
    %8 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<i32>) -> tensor<3x2x1xi32>
    %10 = stablehlo.compare GE, %7, %9, SIGNED : (tensor<3x2x1xi32>, tensor<3x2x1xi32>) -> tensor<3x2x1xi1>
    %11 = stablehlo.constant dense<4> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<i32>) -> tensor<3x2x1xi32>
    %13 = stablehlo.compare LE, %7, %12, SIGNED : (tensor<3x2x1xi32>, tensor<3x2x1xi32>) -> tensor<3x2x1xi1>
    %14 = stablehlo.and %10, %13 : tensor<3x2x1xi1>
    %15 = stablehlo.constant dense<true> : tensor<i1>
    %16 = "stablehlo.reduce"(%14, %15) <{dimensions = array<i64: 2>}> ({
    ^bb0(%a17: tensor<i1>, %a18: tensor<i1>):
      %19 = stablehlo.and %a17, %a18 : tensor<i1>
      "stablehlo.return"(%19) : (tensor<i1>) -> ()
    }) : (tensor<3x2x1xi1>, tensor<i1>) -> tensor<3x2xi1>
    %20 = "stablehlo.gather"(%arg0, %7) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1>, indices_are_sorted = false}> : (tensor<3x5xf64>, tensor<3x2x1xi32>) -> tensor<3x2xf64>
    %21 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<f64>) -> tensor<3x2xf64>
    %23 = "stablehlo.select"(%16, %20, %22) : (tensor<3x2xi1>, tensor<3x2xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
    return %23 : tensor<3x2xf64>
  }
}
