module @all_reduce_single attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf64>) -> tensor<3xf64> {
    %0 = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<> : tensor<0x0xi64>}> ({
    ^bb0(%a1: tensor<f64>, %a2: tensor<f64>):
      %3 = stablehlo.add %a1, %a2 : tensor<f64>
      "stablehlo.return"(%3) : (tensor<f64>) -> ()
    }) : (tensor<3xf64>) -> tensor<3xf64>
    return %0 : tensor<3xf64>
  }
}
