//===- KernelCache.cpp - Kernels found in the cache are not compiled -------===//
//
// --neve-kernel-cache: before the device lowering, each gpu.module (one
// kernel, as specialised) is hashed and looked up in the per-user cache
// (neve/Support/Cache.h). A hit replaces the module by its stored binary at
// once, so neither the lowering nor LLVM nor ptxas sees it again; a miss
// leaves the key on the module for --neve-compile-kernels to store the
// result under (docs/caching.md).
//
// The key covers everything the result depends on: the module's printed IR
// without locations (a kernel moved in its file keeps its key), the salt
// the pipeline passes (the compiler's identity, the chips, the libraries it
// links) and ptxas's identity.
//
//===----------------------------------------------------------------------===//

#include "KernelObjects.h"
#include "neve/Conversion/Passes.h"
#include "neve/Support/Cache.h"
#include "neve/Support/CudaToolkit.h"
#include "neve/Support/HashStream.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Threading.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEKERNELCACHEPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
namespace cache = ::neve::cache;
namespace kernels = mlir::neve::kernels;

namespace {

struct Lookup {
  gpu::GPUModuleOp module;
  std::string key;
  cache::Entry entry;
};

struct KernelCachePass
    : mlir::neve::impl::NeveKernelCachePassBase<KernelCachePass> {
  using Base::Base;

  void runOnOperation() override {
    if (cacheDir.empty())
      return;
    SmallVector<Lookup> lookups;
    for (auto module : getOperation().getOps<gpu::GPUModuleOp>())
      lookups.push_back({module});
    if (lookups.empty())
      return;
    std::string tool = ::neve::cuda::findPtxas(ptxas).path;
    std::string common = "neve-kernel-cache 1\n" + salt + "\nptxas " +
                         (tool.empty() ? "none" : cache::fileIdentity(tool)) +
                         (debugInfo ? "\nline info" : "") + "\n";
    parallelForEach(&getContext(), lookups, [&](Lookup &l) {
      llvm::SHA256 hash;
      hash.update(common);
      {
        ::neve::HashStream os(hash);
        l.module->print(os, OpPrintingFlags().useLocalScope());
      }
      l.key = llvm::toHex(hash.final(), /*LowerCase=*/true);
      l.entry = cache::readEntry(cacheDir, "kernels", l.key);
    });
    for (Lookup &l : lookups) {
      std::string names = kernels::kernelNames(l.module);
      std::string shortKey = " (" + l.key.substr(0, 16) + ")";
      Location loc = kernels::kernelLoc(l.module);
      auto [target, container] = l.entry.status == cache::Lookup::Hit
                                     ? kernels::parseCachePayload(
                                           &getContext(), l.entry.payload)
                                     : std::pair<Attribute, StringRef>();
      if (l.entry.status == cache::Lookup::Hit && !target)
        l.entry.status = cache::Lookup::Corrupt;
      switch (l.entry.status) {
      case cache::Lookup::Hit:
        emitRemark(loc) << "kernel " << names << ": cache hit" << shortKey;
        kernels::replaceByBinary(l.module, container, target);
        continue;
      case cache::Lookup::Corrupt:
        emitRemark(loc) << "kernel " << names
                        << ": cache entry corrupt, compiling again" << shortKey;
        break;
      case cache::Lookup::Untrusted:
        emitRemark(loc) << "kernel " << names
                        << ": cache entry not private, compiling again"
                        << shortKey;
        break;
      case cache::Lookup::Miss:
        break;
      }
      l.module->setAttr(kernels::kKernelKeyAttr,
                        StringAttr::get(&getContext(), l.key));
    }
  }

};

} // namespace
