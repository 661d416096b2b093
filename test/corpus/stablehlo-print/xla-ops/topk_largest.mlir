module @topk_largest attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x6xf64>) -> (tensor<2x2xf64>, tensor<2x2xi32>) {
    %0:2 = "chlo.top_k"(%arg0) <{k = 2 : i64}> : (tensor<2x6xf64>) -> (tensor<2x2xf64>, tensor<2x2xi32>)
    return %0#0, %0#1 : tensor<2x2xf64>, tensor<2x2xi32>
  }
}
