module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5xi1>) -> (tensor<5xi1>, tensor<5xi1>) {
    %0 = stablehlo.constant dense<true> : tensor<i1>
    %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a2: tensor<i1>, %a3: tensor<i1>):
      %4 = stablehlo.and %a2, %a3 : tensor<i1>
      "stablehlo.return"(%4) : (tensor<i1>) -> ()
    }) : (tensor<4x5xi1>, tensor<i1>) -> tensor<5xi1>
    %5 = stablehlo.constant dense<false> : tensor<i1>
    %6 = "stablehlo.reduce"(%arg0, %5) <{dimensions = array<i64: 0>}> ({
    ^bb0(%a7: tensor<i1>, %a8: tensor<i1>):
      %9 = stablehlo.or %a7, %a8 : tensor<i1>
      "stablehlo.return"(%9) : (tensor<i1>) -> ()
    }) : (tensor<4x5xi1>, tensor<i1>) -> tensor<5xi1>
    return %1, %6 : tensor<5xi1>, tensor<5xi1>
  }
}
