// nvgpu.mma.sync on bf16 operands is valid nvgpu IR, but MLIR 22's
// convert-nvgpu-to-nvvm cannot type it ("failed to deduce operand PTX
// types"); the f16 form converts. This is why --lower-layouts emits
// nvvm.mma.sync directly for bf16 (docs/layout-dialect.md, §3).
gpu.module @m {
  gpu.func @f(%a: vector<4x2xbf16>, %b: vector<2x2xbf16>, %c: vector<2x2xf32>) -> vector<2x2xf32> {
    %d = nvgpu.mma.sync (%a, %b, %c) {mmaShape = [16, 8, 16]} : (vector<4x2xbf16>, vector<2x2xbf16>, vector<2x2xf32>) -> vector<2x2xf32>
    gpu.return %d : vector<2x2xf32>
  }
}
