module @fft_2d attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>> {
    %0 = "stablehlo.fft"(%arg0) <{fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 3, 4>}> : (tensor<3x4xcomplex<f64>>) -> tensor<3x4xcomplex<f64>>
    return %0 : tensor<3x4xcomplex<f64>>
  }
}
