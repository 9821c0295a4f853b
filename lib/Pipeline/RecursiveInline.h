//===- RecursiveInline.h - Inlining a recursive function into itself -*- C++ -*-===//

#ifndef NEVE_LIB_PIPELINE_RECURSIVEINLINE_H
#define NEVE_LIB_PIPELINE_RECURSIVEINLINE_H

namespace llvm {
class Module;
} // namespace llvm

namespace neve {

/// Inlines small directly self-recursive functions of `module` into
/// themselves, a few levels deep (LLVM's inliner never does). Returns true
/// when the module changed; LLVM's pipeline should then run again.
bool inlineSelfRecursion(llvm::Module &module);

} // namespace neve

#endif // NEVE_LIB_PIPELINE_RECURSIVEINLINE_H
