module @rfft_irfft_1d attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8xf64>) -> tensor<2x8xf64> {
    %0 = "stablehlo.fft"(%arg0) <{fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 8>}> : (tensor<2x8xf64>) -> tensor<2x5xcomplex<f64>>
    %1 = "stablehlo.fft"(%0) <{fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 8>}> : (tensor<2x5xcomplex<f64>>) -> tensor<2x8xf64>
    return %1 : tensor<2x8xf64>
  }
}
