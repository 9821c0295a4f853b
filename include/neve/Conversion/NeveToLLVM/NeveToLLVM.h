//===- NeveToLLVM.h - Lower the neve dialect to LLVM ------------*- C++ -*-===//

#ifndef NEVE_CONVERSION_NEVETOLLVM_NEVETOLLVM_H
#define NEVE_CONVERSION_NEVETOLLVM_NEVETOLLVM_H

namespace mlir {
class LLVMTypeConverter;
class RewritePatternSet;

namespace neve {

/// Adds the conversions of neve types (`!neve.str` to `!llvm.ptr`).
void populateNeveToLLVMTypeConversions(LLVMTypeConverter &converter);

/// Adds the patterns that lower neve ops to the LLVM dialect and runtime
/// calls.
void populateNeveToLLVMConversionPatterns(LLVMTypeConverter &converter,
                                          RewritePatternSet &patterns);

} // namespace neve
} // namespace mlir

#endif // NEVE_CONVERSION_NEVETOLLVM_NEVETOLLVM_H
