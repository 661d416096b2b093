module @batch_norm_inference attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x2xf64>, %arg1: tensor<2xf64>, %arg2: tensor<2xf64>, %arg3: tensor<2xf64>, %arg4: tensor<2xf64>) -> tensor<4x2xf64> {
    %0 = "stablehlo.batch_norm_inference"(%arg0, %arg1, %arg2, %arg3, %arg4) <{epsilon = 0.0010000000474974513 : f32, feature_index = 1 : i64}> : (tensor<4x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<2xf64>) -> tensor<4x2xf64>
    return %0 : tensor<4x2xf64>
  }
}
