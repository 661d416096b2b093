module @jit_fmod attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf64>, %arg1: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = func.call @fmod.1(%arg0, %arg1) : (tensor<3x4xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
    return %0 : tensor<3x4xf64>
  }
  func.func private @fmod.1(%arg0: tensor<3x4xf64>, %arg1: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = stablehlo.remainder %arg0, %arg1 : tensor<3x4xf64>
    return %0 : tensor<3x4xf64>
  }
}
