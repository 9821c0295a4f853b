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

def ConvertConcurrencyToRuntimePass
    : Pass<"convert-concurrency-to-runtime", "mlir::ModuleOp"> {
  let summary = "Outline async/asyncs bodies into task functions";
  let description = [{
    Every `neve.async` and `neve.asyncs` (innermost first) becomes a private
    function `@<enclosing>.task<N>(%env: !llvm.ptr)` holding its body: the
    entry block unpacks the captured values with `neve.task_env`, and
    `neve.task_return` becomes `func.return`. In its place remains a
    `neve.task_spawn` of that function with the same scope, count and
    captures, which `--convert-neve-to-llvm` lowers to the runtime's
    neve_async / neve_asyncs with a garbage-collected environment struct.
    The captures were taken by value when MLIRGen emitted the op (§6.8.1).
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

#endif // NEVE_CONVERSION_PASSES
