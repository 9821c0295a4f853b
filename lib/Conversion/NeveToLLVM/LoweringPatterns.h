//===- LoweringPatterns.h - The neve-to-LLVM patterns, by domain -*- C++ -*-===//
//
// Each domain of the neve dialect (strings, arrays, maps, objects, values,
// scalars) lowers in its own file; NeveToLLVM.cpp adds them all. A new
// domain adds a populate function here and one line there.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LIB_CONVERSION_NEVETOLLVM_LOWERINGPATTERNS_H
#define NEVE_LIB_CONVERSION_NEVETOLLVM_LOWERINGPATTERNS_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::neve {

/// str_constant, str_eq, str_cmp, str_concat, to_str, nil.
void populateStrLoweringPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns);
/// The array_* ops.
void populateArrayLoweringPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);
/// print and the checked integer divisions.
void populateScalarLoweringPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);

} // namespace mlir::neve

#endif // NEVE_LIB_CONVERSION_NEVETOLLVM_LOWERINGPATTERNS_H
