//===- Passes.td - neve dialect transformations -----------*- tablegen -*-===//

#ifndef NEVE_TRANSFORMS_PASSES
#define NEVE_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def NeveFusePass : Pass<"neve-fuse", "::mlir::ModuleOp"> {
  let summary = "Kernel fusion: the researcher's extension point";
  let description = [{
    Applies the fusion patterns named in `patterns` (default: every pattern
    registered as on by default; `neve-translate` runs this pass at `-O2`
    and above unless `-fno-fuse` is given). Each pattern lives in its own
    file under `lib/Dialect/Neve/Transforms/Fusion/` with a
    `populate...Patterns` function and is registered once, in
    `FusionRegistry.cpp`; `docs/tutorials/fusion-pattern.md` shows how to
    add one.

    Every fusion applied is reported as a remark at the fused code's
    location naming the source lines it fused (`neve-translate
    -Rpass=neve-fuse` prints them; `neve-opt` prints remarks with
    `--mlir-print-diagnostics`-style handlers such as
    `-verify-diagnostics`).

    Patterns:
    * `elementwise`: two consecutive kernel launches over the same 1-D
      index space whose kernels are elementwise maps (thread k touches
      element k of each buffer only), where the second reads a buffer the
      first writes, become one launch of a fused kernel; a load of what
      the first kernel stored is forwarded, and a fresh intermediate
      buffer that nothing else uses (but a later free) is no longer
      written, allocated or freed. On by default: 3x on a chain of three
      such kernels (bench/fusion). Refused
      when the launches differ in grid, block or bound, when a buffer of
      one kernel may alias a different buffer of the other (only the same
      value, or a fresh allocation, is known not to), or when anything but
      pure operations and allocations lies between the launches.
    * `gemm-epilogue`: the launch of a kernel whose one effect is a
      `layout.matmul` into the tile (block_id.x, block_id.y) of a
      row-major m×n view of a buffer C, followed by the launch of an
      elementwise kernel over exactly C's m·n elements that reads C[k]
      (and maybe other buffers, read-only ones at any index such as
      bias[k % n]), become one launch: the elementwise work runs in the
      matmul's epilogue region, per valid element. C is not stored (nor
      allocated, when it was a fresh buffer of zeros) if nothing else uses
      it. Refused when the grids do not cover exactly C's elements, when
      C is read at another element, when a buffer the epilogue writes may
      overlap C or the matmul's inputs, or a buffer it reads may overlap
      C, or when the matmul kernel does anything else.
      On by default: 1.11-1.29x on GEMM + bias + relu (bench/fusion).
    * `attention`: the Frost calls
      `bmm(softmax([causal_mask](bmm_t(q, k) * scale)), v)` (roles in
      FusionPrimitives.td) become one call of Frost's
      `flash_attention(q, k, v, scale, causal)`. Refused when an
      intermediate has another use, when the chain spans blocks, when
      anything between its first and last call may write memory, inside
      flash_attention and attention_unfused, or without a flash_attention
      of the expected type. On by default (bench/attention).
    * `bn-relu`: the Frost calls `relu(bn.forward(x))` become one call of
      `batchnorm_relu(bn, x)` (the relu in batchnorm's kernels, forward
      and backward). On by default: 1.07-2.14x per step (bench/fusion).
    * `add-relu`: the Frost calls `relu(a + b)` become one call of
      `add_relu(a, b)`. On by default: 1.18-2.34x per step
      (bench/fusion). Both are refused as `attention` is (ReluFusion.cpp).

    Patterns from outside the compiler join these under their own names,
    selected by the same option: those a pass plugin registers
    (`--load-pass-plugin=`, `registerFusionPattern` in
    `neve/Dialect/Neve/Transforms/Fusion.h`) and the `pdl.pattern`s of a
    PDL or PDLL file (`-ffusion-patterns=`), on by default once loaded.
  }];
  let options = [
    ListOption<"patterns", "patterns", "std::string",
               "Fusion patterns to apply (default: those on by default)">
  ];
  // pdl and pdl_interp: the patterns of -ffusion-patterns files, parsed
  // into the module's context and compiled to PDL bytecode.
  let dependentDialects = ["::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::pdl::PDLDialect",
                           "::mlir::pdl_interp::PDLInterpDialect"];
}

def NevePruneDeadBranchesPass : Pass<"neve-prune-dead-branches"> {
  let summary = "Fold constant branches and erase the blocks they leave unreachable";
  let description = [{
    Replaces each `cf.cond_br` whose condition is a constant by a `cf.br`
    to the taken successor, then erases the blocks no branch reaches, until
    nothing changes. Run after SCCP (which turns conditions that are
    constant, such as a specialised kernel's template parameter compared
    with a literal, into constants) and before the canonicalizer: a loop
    left unreachable by a folded branch can have its back edge merged into
    its header, which makes its induction update use itself
    (`%p = arith.addi %p, %c1`), and the canonicalizer's arith patterns
    never stop rewriting such a cycle. The front end emits loops as `cf`
    blocks, so the device pipeline prunes before canonicalising.

    ```mlir
    cf.cond_br %false, ^loop(%c0 : i32), ^next
    // becomes
    cf.br ^next
    // and ^loop, now unreachable, is erased with the blocks only it reached
    ```
  }];
}

def NeveExpandDeviceArithPass : Pass<"neve-expand-device-arith"> {
  let summary = "Expand the arith ops NVVM cannot lower, keep the ones NVPTX has instructions for";
  let description = [{
    The device pipeline's replacement for `arith-expand`: only
    `arith.ceildivsi`, `arith.ceildivui` and `arith.floordivsi` (and the
    scaling extf/truncf ops) become plain integer arithmetic.
    `arith.maximumf`, `arith.minimumf`, `arith.maxnumf` and `arith.minnumf`
    stay, so the NVVM conversion makes them `llvm.intr.maximum` and its
    kin, which NVPTX emits as one `max.NaN.f32` / `max.f32` (sm_80 and
    later, every chip the kernels are built for). `arith-expand` would turn
    each into two compares and two selects: flash attention's softmax takes
    64 maxima a tile per thread.

    ```mlir
    %m = arith.maximumf %a, %b : f32        // stays
    %q = arith.ceildivsi %x, %y : i32       // becomes divsi, remsi, select...
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // NEVE_TRANSFORMS_PASSES
