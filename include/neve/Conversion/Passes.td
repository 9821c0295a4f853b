//===- Passes.td - Neve conversion passes ------------------*- tablegen -*-===//

#ifndef NEVE_CONVERSION_PASSES
#define NEVE_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertNeveToLLVMPass : Pass<"convert-neve-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower neve, func, arith, cf and math host code to the LLVM dialect";
  let description = [{
    Lowers the neve dialect to the LLVM dialect: strings become pointers to
    runtime `neve_str` records (literals are read-only globals), `neve.print`
    becomes calls to the runtime's `neve_print_*` entry points, and checked
    integer divisions test their divisor and call `neve_rt_error` with the
    op's source location. The upstream func, arith, cf, math and index
    patterns run in the same full conversion with one type converter, so
    function signatures that mention neve types convert consistently.
    `scf` must have been lowered to `cf` before.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // NEVE_CONVERSION_PASSES
