module @bitcast_convert_u32_pairs_to_f64 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x2xui32>) -> tensor<2xf64> {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<2x2xui32>) -> tensor<2xf64>
    return %0 : tensor<2xf64>
  }
}
