module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x3xf64>, %arg1: tensor<4xi32>) -> tensor<4x3xf64> {
    %0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %3 = stablehlo.constant dense<6> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %5 = stablehlo.add %arg1, %4 : tensor<4xi32>
    %6 = "stablehlo.select"(%2, %5, %arg1) : (tensor<4xi1>, tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
    %7 = stablehlo.reshape %6 : (tensor<4xi32>) -> tensor<4x1xi32>
    %8 = "stablehlo.gather"(%arg0, %7) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 3>, indices_are_sorted = false}> : (tensor<6x3xf64>, tensor<4x1xi32>) -> tensor<4x3xf64>
    return %8 : tensor<4x3xf64>
  }
}
