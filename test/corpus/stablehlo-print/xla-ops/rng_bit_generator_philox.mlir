module @rng_bit_generator_philox attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui32>) {
    %0:2 = "stablehlo.rng_bit_generator"(%arg0) <{rng_algorithm = #stablehlo<rng_algorithm PHILOX>}> : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x3xui32>)
    return %0#0, %0#1 : tensor<3xui64>, tensor<2x3xui32>
  }
}
