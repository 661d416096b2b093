module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xf64>, %arg1: tensor<3xi32>, %arg2: tensor<3xf64>) -> tensor<5xf64> {
    %0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %3 = stablehlo.constant dense<5> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %5 = stablehlo.add %arg1, %4 : tensor<3xi32>
    %6 = "stablehlo.select"(%2, %5, %arg1) : (tensor<3xi1>, tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
    %7 = stablehlo.reshape %6 : (tensor<3xi32>) -> tensor<3x1xi32>
    %8 = "stablehlo.scatter"(%arg0, %7, %arg2) <{scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false}> ({
    ^bb0(%a9: tensor<f64>, %a10: tensor<f64>):
      %11 = stablehlo.add %a9, %a10 : tensor<f64>
      "stablehlo.return"(%11) : (tensor<f64>) -> ()
    }) : (tensor<5xf64>, tensor<3x1xi32>, tensor<3xf64>) -> tensor<5xf64>
    return %8 : tensor<5xf64>
  }
}
