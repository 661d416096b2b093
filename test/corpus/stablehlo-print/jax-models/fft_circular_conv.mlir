module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf64>, %arg1: tensor<12xf64>) -> tensor<12xf64> {
    %0 = func.call @fft.1(%arg0) : (tensor<12xf64>) -> tensor<7xcomplex<f64>>
    %1 = func.call @fft.1(%arg1) : (tensor<12xf64>) -> tensor<7xcomplex<f64>>
    %2 = stablehlo.multiply %0, %1 : tensor<7xcomplex<f64>>
    %3 = stablehlo.constant dense<0> : tensor<i64>
    %4 = func.call @_pad.2(%2, %3) : (tensor<7xcomplex<f64>>, tensor<i64>) -> tensor<7xcomplex<f64>>
    %5 = func.call @fft_0.3(%4) : (tensor<7xcomplex<f64>>) -> tensor<12xf64>
    return %5 : tensor<12xf64>
  }
  func.func private @fft.1(%arg0: tensor<12xf64>) -> tensor<7xcomplex<f64>> {
    %0 = "stablehlo.fft"(%arg0) <{fft_type = #stablehlo<fft_type RFFT>, fft_length = array<i64: 12>}> : (tensor<12xf64>) -> tensor<7xcomplex<f64>>
    return %0 : tensor<7xcomplex<f64>>
  }
  func.func private @_pad.2(%arg0: tensor<7xcomplex<f64>>, %arg1: tensor<i64>) -> tensor<7xcomplex<f64>> {
    return %arg0 : tensor<7xcomplex<f64>>
  }
  func.func private @fft_0.3(%arg0: tensor<7xcomplex<f64>>) -> tensor<12xf64> {
    %0 = "stablehlo.fft"(%arg0) <{fft_type = #stablehlo<fft_type IRFFT>, fft_length = array<i64: 12>}> : (tensor<7xcomplex<f64>>) -> tensor<12xf64>
    return %0 : tensor<12xf64>
  }
}
