//===- InitAll.cpp - Register every Neve dialect and pass -----------------===//

#include "neve/InitAll.h"
#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Layout/IR/LayoutDialect.h"
#include "neve/Dialect/Layout/Transforms/Passes.h"
#include "neve/Dialect/Neve/Transforms/Passes.h"
#include "neve/Dialect/Neve/IR/NeveDialect.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/InlinerInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

void mlir::neve::registerAllNeveDialects(DialectRegistry &registry) {
  registry.insert<neve::NeveDialect, layout::LayoutDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, gpu::GPUDialect, index::IndexDialect,
                  LLVM::LLVMDialect, NVVM::NVVMDialect, math::MathDialect,
                  memref::MemRefDialect, nvgpu::NVGPUDialect, scf::SCFDialect,
                  ub::UBDialect, vector::VectorDialect>();
  // Interface implementations (memref mem2reg, LLVM translation, ...).
  registerAllExtensions(registry);
  // llvm ops (pointer loads and stores) inline with the gpu functions that
  // hold them (§3.7).
  LLVM::registerInlinerInterface(registry);
  NVVM::registerInlinerInterface(registry);
  // #nvvm.target serialises gpu.modules to PTX (gpu-module-to-binary).
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  // ... which translates them to LLVM IR (neve-compile-kernels, also when
  // neve-opt runs it).
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

void mlir::neve::registerAllNevePasses() {
  registerNeveConversionPasses();
  layout::registerLayoutPasses();
  neve::registerNeveTransformsPasses();
  // Upstream passes used by Neve's pipelines.
  registerTransformsPasses();
  registerConversionPasses();
  registerGPUPasses();
  memref::registerMemRefPasses();
}
