//===- CallSites.cpp - The program's calls record their source line -------===//
//
// --neve-call-sites (Passes.td): the program's calls into C and into
// libraries store their site record in the thread's `neve_rt_call_site`
// around the call, so that a run-time error raised without a location
// names the program line that led there (docs/runtime-gpu.md, "Errors").
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"
#include "RuntimeCalls.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVECALLSITESPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

/// The runtime's thread-local current call site (neve_runtime.h).
constexpr StringLiteral kCallSiteSymbol = "neve_rt_call_site";

/// Code of the program, as opposed to a library's or device code.
bool isProgramHostCode(func::FuncOp fn) {
  return !fn.isExternal() && !fn->hasAttr(kLibraryAttrName) &&
         !fn->hasAttr(kKernelAttrName) && !fn->hasAttr(kDeviceAttrName);
}

struct NeveCallSitesPass
    : neve::impl::NeveCallSitesPassBase<NeveCallSitesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // The calls to bracket: of C functions and runtime entry points
    // (external), of library functions, and of function values (whose
    // target may be either).
    SmallVector<Operation *> calls;
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (!isProgramHostCode(fn))
        continue;
      fn.walk([&](Operation *op) {
        if (isa<func::CallIndirectOp>(op)) {
          calls.push_back(op);
        } else if (auto call = dyn_cast<func::CallOp>(op)) {
          auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
          if (callee && (callee.isExternal() ||
                         callee->hasAttr(kLibraryAttrName)))
            calls.push_back(op);
        }
      });
    }
    if (calls.empty())
      return;
    OpBuilder b(module.getContext());
    auto ptr = LLVM::LLVMPointerType::get(module.getContext());
    if (!symbols.lookup(kCallSiteSymbol)) {
      b.setInsertionPointToStart(module.getBody());
      auto global = LLVM::GlobalOp::create(
          b, module.getLoc(), ptr, /*isConstant=*/false,
          LLVM::Linkage::External, kCallSiteSymbol, Attribute(),
          /*alignment=*/0, /*addrSpace=*/0, /*dsoLocal=*/false,
          /*thread_local_=*/true);
      symbols.insert(global);
    }
    for (Operation *call : calls) {
      Location loc = call->getLoc();
      b.setInsertionPoint(call);
      Value site = getSiteRecord(b, loc, module);
      if (!site)
        continue;
      Value slot = LLVM::ThreadlocalAddressOp::create(
          b, loc, ptr, LLVM::AddressOfOp::create(b, loc, ptr, kCallSiteSymbol));
      Value previous = LLVM::LoadOp::create(b, loc, ptr, slot);
      LLVM::StoreOp::create(b, loc, site, slot);
      b.setInsertionPointAfter(call);
      LLVM::StoreOp::create(b, loc, previous, slot);
    }
  }
};

} // namespace
