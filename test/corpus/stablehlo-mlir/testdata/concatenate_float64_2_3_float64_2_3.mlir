// RUN: stablehlo-opt -inline %s | stablehlo-translate --interpret
// RUN: stablehlo-translate --serialize --target=current %s | stablehlo-translate --deserialize | stablehlo-opt > %t.0
// RUN: stablehlo-opt %s > %t.1
// RUN: diff %t.0 %t.1

module @jit_main attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main() -> (tensor<4x3xf64> {jax.result_info = "", mhlo.layout_mode = "default"}) {
    %0:2 = call @inputs() : () -> (tensor<2x3xf64>, tensor<2x3xf64>)
    %1 = call @expected() : () -> tensor<4x3xf64>
    %2 = stablehlo.concatenate %0#0, %0#1, dim = 0 : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<4x3xf64>
    stablehlo.custom_call @check.expect_close(%2, %1) {has_side_effect = true} : (tensor<4x3xf64>, tensor<4x3xf64>) -> ()
    return %2 : tensor<4x3xf64>
  }
  func.func private @inputs() -> (tensor<2x3xf64> {mhlo.layout_mode = "default"}, tensor<2x3xf64> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[[1.3055351669265756, 5.359450440855829, -0.1245945850997244], [0.51025006358717651, -3.4455013123379579, 2.5991994918248387]]> : tensor<2x3xf64>
    %cst_0 = stablehlo.constant dense<[[-0.97707148751442662, 0.4321582786089882, -11.583640637044651], [-2.7751204424031188, -0.29065752456876909, -1.8843354920799062]]> : tensor<2x3xf64>
    return %cst, %cst_0 : tensor<2x3xf64>, tensor<2x3xf64>
  }
  func.func private @expected() -> (tensor<4x3xf64> {mhlo.layout_mode = "default"}) {
    %cst = stablehlo.constant dense<[[1.3055351669265756, 5.359450440855829, -0.1245945850997244], [0.51025006358717651, -3.4455013123379579, 2.5991994918248387], [-0.97707148751442662, 0.4321582786089882, -11.583640637044651], [-2.7751204424031188, -0.29065752456876909, -1.8843354920799062]]> : tensor<4x3xf64>
    return %cst : tensor<4x3xf64>
  }
}
