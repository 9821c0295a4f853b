//===- RecursiveInline.cpp - Inlining a recursive function into itself ----===//
//
// LLVM's inliner never inlines a function into itself, so a small recursive
// function such as `fib` pays a call per level, where GCC at -O2 unrolls a few
// levels of the recursion into one body. This does the same on the optimized
// module: a small, directly self-recursive function gets copies of its own
// body at its self-calls, a few levels deep, within a size budget; the
// caller then runs LLVM's pipeline again to clean up.
//
//===----------------------------------------------------------------------===//

#include "RecursiveInline.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace {

/// Functions larger than this (in instructions) are left alone.
constexpr unsigned kMaxCalleeSize = 60;
/// A function stops growing at this many instructions.
constexpr unsigned kSizeBudget = 600;
/// At most this many levels of the recursion are unrolled.
constexpr unsigned kMaxDepth = 8;

SmallVector<CallInst *> selfCalls(Function &f) {
  SmallVector<CallInst *> calls;
  for (BasicBlock &bb : f)
    for (Instruction &inst : bb)
      if (auto *call = dyn_cast<CallInst>(&inst))
        if (call->getCalledFunction() == &f && !call->isMustTailCall())
          calls.push_back(call);
  return calls;
}

} // namespace

bool neve::inlineSelfRecursion(Module &module) {
  bool changed = false;
  SmallVector<Function *> candidates;
  for (Function &f : module)
    if (!f.isDeclaration() && !f.isVarArg() &&
        !f.hasFnAttribute(Attribute::NoInline) &&
        f.getInstructionCount() <= kMaxCalleeSize && !selfCalls(f).empty())
      candidates.push_back(&f);

  for (Function *f : candidates) {
    unsigned size = f->getInstructionCount();
    // A frozen copy of the body to inline; its self-calls still call f.
    ValueToValueMapTy vmap;
    Function *body = CloneFunction(f, vmap);
    for (unsigned depth = 0; depth < kMaxDepth; ++depth) {
      SmallVector<CallInst *> calls = selfCalls(*f);
      if (calls.empty() ||
          f->getInstructionCount() + calls.size() * size > kSizeBudget)
        break;
      for (CallInst *call : calls) {
        call->setCalledFunction(body);
        InlineFunctionInfo info;
        if (!InlineFunction(*call, info).isSuccess()) {
          call->setCalledFunction(f);
          continue;
        }
        changed = true;
      }
    }
    body->eraseFromParent();
  }
  return changed;
}
