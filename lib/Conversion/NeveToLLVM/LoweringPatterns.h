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
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::neve {

/// str_constant, str_eq, str_cmp, str_concat, to_str, nil.
void populateStrLoweringPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns);
/// The array_* ops.
void populateArrayLoweringPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);
/// Marks the array parameters of every function as nil or a whole array
/// header (dereferenceable_or_null), before the conversion.
void annotateArrayArguments(ModuleOp module);
/// The map_* ops.
void populateMapLoweringPatterns(LLVMTypeConverter &converter,
                                 RewritePatternSet &patterns);
/// print and the checked integer divisions.
void populateScalarLoweringPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);
/// null, is_nil, ref_eq, nil_check, tuple_make/tuple_get, any_box/any_cast.
void populateValueLoweringPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);

/// class, new, field_get/field_set, singleton.
void populateObjectLoweringPatterns(LLVMTypeConverter &converter,
                                    RewritePatternSet &patterns);

/// finish, task_spawn/task_env, thread ids, array_split, locks, channels.
void populateConcurrencyLoweringPatterns(LLVMTypeConverter &converter,
                                         RewritePatternSet &patterns);

/// assert (host and device), device_print (DebugLowering.cpp).
void populateDebugLoweringPatterns(LLVMTypeConverter &converter,
                                   RewritePatternSet &patterns);

/// Emits `if (ptr == null) neve_rt_error(loc of op, msg)` (cold) and leaves
/// the rewriter in the continuation block.
void emitNilCheck(ConversionPatternRewriter &rewriter, Operation *op,
                  Value ptr, StringRef msg);

} // namespace mlir::neve

#endif // NEVE_LIB_CONVERSION_NEVETOLLVM_LOWERINGPATTERNS_H
