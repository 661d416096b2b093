module @all_gather_single attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x2xf64>) -> tensor<2x2xf64> {
    %0 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 1 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>}> : (tensor<2x2xf64>) -> tensor<2x2xf64>
    return %0 : tensor<2x2xf64>
  }
}
