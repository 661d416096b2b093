module @complex_mul_abs attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf64>, %arg1: tensor<4xf64>) -> (tensor<4xcomplex<f64>>, tensor<4xf64>) {
    %0 = "stablehlo.complex"(%arg0, %arg1) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xcomplex<f64>>
    %1 = stablehlo.multiply %0, %0 : tensor<4xcomplex<f64>>
    %2 = "stablehlo.abs"(%1) : (tensor<4xcomplex<f64>>) -> tensor<4xf64>
    return %1, %2 : tensor<4xcomplex<f64>>, tensor<4xf64>
  }
}
