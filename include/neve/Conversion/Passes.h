//===- Passes.h - Neve conversion passes ------------------------*- C++ -*-===//

#ifndef NEVE_CONVERSION_PASSES_H
#define NEVE_CONVERSION_PASSES_H

#include "neve/Conversion/NeveToLLVM/NeveToLLVM.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Pass/Pass.h"

namespace mlir::neve {

#define GEN_PASS_DECL
#include "neve/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "neve/Conversion/Passes.h.inc"

} // namespace mlir::neve

#endif // NEVE_CONVERSION_PASSES_H
