module @rng_bit_generator_three_fry attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>) {
    %0:2 = "stablehlo.rng_bit_generator"(%arg0) <{rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
    return %0#0, %0#1 : tensor<2xui64>, tensor<2x3xui32>
  }
}
