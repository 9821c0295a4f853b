//===- RuntimeCalls.h - Calls into the Neve runtime -------------*- C++ -*-===//
//
// Helpers for lowering patterns: declare runtime functions on demand from the
// table in RuntimeFunctions.def, call them, and build constant strings.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LIB_CONVERSION_NEVETOLLVM_RUNTIMECALLS_H
#define NEVE_LIB_CONVERSION_NEVETOLLVM_RUNTIMECALLS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::neve {

/// Returns the address of a read-only runtime string record
/// `{i64 size, [size+1 x i8] bytes}` holding `value`, shared between equal
/// literals of the module.
Value getStrLiteral(OpBuilder &b, Location loc, ModuleOp module,
                    StringRef value);

/// Returns the address of a NUL-terminated C string constant.
Value getCString(OpBuilder &b, Location loc, ModuleOp module, StringRef value);

/// The address of a read-only `{ptr file, i32 line, i32 col}` record of
/// `loc`'s first file location (a call site, `neve_rt_call_site`), shared
/// between equal sites of the module; null when `loc` has no file location.
Value getSiteRecord(OpBuilder &b, Location loc, ModuleOp module);

/// The (file, line, col) arguments that runtime functions which can fail take
/// last: the location of `op`, for their error messages.
SmallVector<Value, 3> locationArgs(OpBuilder &b, Operation *op);

/// `args` followed by the location arguments of `op`.
SmallVector<Value> withLocation(OpBuilder &b, Operation *op, ValueRange args);

/// The unit attribute on a kernels' gpu.module that turns device checks on
/// (--convert-neve-device-to-llvm=device-checks=true: -g, -fdevice-checks).
inline constexpr llvm::StringLiteral kDeviceChecksAttrName =
    "neve.device_checks";

/// Whether `op` is in a gpu.module with device checks on.
bool deviceChecksEnabled(Operation *op);

/// `text` escaped for a printf format (`%` doubled).
std::string printfText(StringRef text);

/// Device code with device checks: the thread prints (gpu.printf, the
/// driver's vprintf) `FILE:LINE:COL: device error in block (x, y, z),
/// thread (x, y, z): ` and then `format` (printf text) with `args`, and a
/// newline. The caller traps after it.
void emitDeviceReport(OpBuilder &b, Location loc, StringRef format,
                      ValueRange args = {});

class RuntimeCalls {
public:
  RuntimeCalls(OpBuilder &b, ModuleOp module) : b(b), module(module) {}

  /// Whether `op` is device code (inside a gpu.module), which cannot call
  /// the runtime.
  static bool inDeviceCode(Operation *op);

  /// Calls runtime function `name` (which must be in RuntimeFunctions.def).
  /// Returns the result, or a null value for void functions.
  Value call(Location loc, StringRef name, ValueRange args);

  /// Converts an i1 to the i8 that the runtime's `bool` parameters take.
  Value boolArg(Location loc, Value i1);

  /// Emits a call to neve_rt_error with the file, line and column of `loc`
  /// and `msg`, followed by `llvm.unreachable`.
  void emitError(Location loc, StringRef msg);

private:
  LLVM::LLVMFuncOp getOrDeclare(StringRef name);

  OpBuilder &b;
  ModuleOp module;
};

} // namespace mlir::neve

#endif // NEVE_LIB_CONVERSION_NEVETOLLVM_RUNTIMECALLS_H
