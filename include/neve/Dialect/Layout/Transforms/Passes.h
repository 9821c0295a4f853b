//===- Passes.h - layout dialect passes -------------------------*- C++ -*-===//

#ifndef NEVE_DIALECT_LAYOUT_TRANSFORMS_PASSES_H
#define NEVE_DIALECT_LAYOUT_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::layout {

#define GEN_PASS_DECL
#include "neve/Dialect/Layout/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "neve/Dialect/Layout/Transforms/Passes.h.inc"

/// Maps `!layout.view` to the strided memref it lowers to.
void populateLayoutTypeConversion(TypeConverter &converter);
/// Views, tiles, element access and the §8.4 primitives.
void populateLowerLayoutPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns);
/// The block-wide tiled matrix product (LowerMatmul.cpp); with \p wgmma,
/// on Hopper's warpgroup instructions where the product's shape allows.
void populateLowerMatmulPatterns(const TypeConverter &converter,
                                 RewritePatternSet &patterns,
                                 bool wgmma = false);

} // namespace mlir::layout

#endif // NEVE_DIALECT_LAYOUT_TRANSFORMS_PASSES_H
