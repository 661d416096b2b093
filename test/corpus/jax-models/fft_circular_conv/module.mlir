module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf64>, %arg1: tensor<12xf64>) -> (tensor<12xf64> {jax.result_info = "result"}) {
    %0 = call @fft(%arg0) : (tensor<12xf64>) -> tensor<7xcomplex<f64>>
    %1 = call @fft(%arg1) : (tensor<12xf64>) -> tensor<7xcomplex<f64>>
    %2 = stablehlo.multiply %0, %1 : tensor<7xcomplex<f64>>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %3 = call @_pad(%2, %c) : (tensor<7xcomplex<f64>>, tensor<i64>) -> tensor<7xcomplex<f64>>
    %4 = call @fft_0(%3) : (tensor<7xcomplex<f64>>) -> tensor<12xf64>
    return %4 : tensor<12xf64>
  }
  func.func private @fft(%arg0: tensor<12xf64>) -> tensor<7xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [12] : (tensor<12xf64>) -> tensor<7xcomplex<f64>>
    return %0 : tensor<7xcomplex<f64>>
  }
  func.func private @_pad(%arg0: tensor<7xcomplex<f64>>, %arg1: tensor<i64>) -> tensor<7xcomplex<f64>> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<complex<f64>>
    %1 = stablehlo.pad %arg0, %0, low = [0], high = [0], interior = [0] : (tensor<7xcomplex<f64>>, tensor<complex<f64>>) -> tensor<7xcomplex<f64>>
    return %1 : tensor<7xcomplex<f64>>
  }
  func.func private @fft_0(%arg0: tensor<7xcomplex<f64>>) -> tensor<12xf64> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [12] : (tensor<7xcomplex<f64>>) -> tensor<12xf64>
    return %0 : tensor<12xf64>
  }
}
