//===- CompileKernels.cpp - gpu.modules to embedded kernels, cached --------===//
//
// --neve-compile-kernels: every gpu.module becomes a gpu.binary holding the
// runtime's NEVEKRN1 container (a cubin and PTX). Modules compile
// concurrently; with a cache directory, a module that --neve-kernel-cache
// gave a key is stored under it (docs/caching.md).
//
// Two phases: each module is serialised per target (NVVM -> LLVM -> NVPTX)
// and assembled by ptxas on the context's threads, touching no shared
// state but its own module and cache file; then, in program order, the
// binaries replace the modules and the remarks say what was compiled.
//
//===----------------------------------------------------------------------===//

#include "KernelObjects.h"
#include "neve/Conversion/Passes.h"
#include "neve/Support/Cache.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"

#include "llvm/Support/CommandLine.h"

#include <mutex>


namespace mlir::neve {
#define GEN_PASS_DEF_NEVECOMPILEKERNELSPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;
namespace cache = ::neve::cache;

namespace {

/// Shared-memory pointers of 32 bits (NVPTX's `nvptx-short-ptr`, which sets
/// the data layout's address space 3 to 32 bits): shared memory is at most
/// 228 KiB, and 64-bit addresses cost every kernel a second register per
/// address it keeps (the tiled products and attention keep dozens).
void useShortSharedPointers() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("nvptx-short-ptr");
    if (it != options.end())
      static_cast<llvm::cl::opt<bool> *>(it->second)->setValue(true);
  });
}

/// One module's way through the pass.
struct Job {
  gpu::GPUModuleOp module;
  std::string key;
  /// The NEVEKRN1 container (assemble) or each target's PTX (not).
  std::string container;
  SmallVector<kernels::TargetPtx> ptx;
  std::string error;
  std::string storeError;
};

struct CompileKernelsPass
    : mlir::neve::impl::NeveCompileKernelsPassBase<CompileKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    SmallVector<Job> jobs;
    for (auto module : getOperation().getOps<gpu::GPUModuleOp>()) {
      if (!module.getTargetsAttr() || module.getTargetsAttr().empty()) {
        module.emitError("the module has no target attributes "
                         "(nvvm-attach-target)");
        return signalPassFailure();
      }
      for (Attribute t : module.getTargetsAttr())
        if (!isa<NVVM::NVVMTargetAttr>(t)) {
          module.emitError("expects #nvvm.target targets, got ") << t;
          return signalPassFailure();
        }
      Job job{module};
      if (auto key = module->getAttrOfType<StringAttr>(kernels::kKernelKeyAttr))
        job.key = key.str();
      jobs.push_back(std::move(job));
    }
    if (jobs.empty())
      return assemble ? mergeVariants() : void();
    useShortSharedPointers();
    std::string tool = assemble ? kernels::findPtxas(ptxas) : std::string();

    // Diagnostics of the serialisers come out in module order.
    ParallelDiagnosticHandler diagnostics(ctx);
    parallelForEach(ctx, llvm::seq<size_t>(0, jobs.size()), [&](size_t i) {
      diagnostics.setOrderIDForThread(i);
      run(jobs[i], tool);
      diagnostics.eraseOrderIDForThread();
    });

    bool failed = false;
    for (Job &job : jobs) {
      gpu::GPUModuleOp module = job.module;
      if (!job.error.empty()) {
        module.emitError(job.error);
        failed = true;
        continue;
      }
      if (!job.storeError.empty())
        module.emitWarning("kernel cache: ") << job.storeError;
      if (!assemble) {
        SmallVector<Attribute> objects;
        for (auto &[target, ptx] : job.ptx)
          objects.push_back(gpu::ObjectAttr::get(
              ctx, target, gpu::CompilationTarget::Assembly,
              StringAttr::get(ctx, ptx), nullptr, nullptr));
        OpBuilder b(module);
        gpu::BinaryOp::create(b, module.getLoc(), module.getName(),
                              module.getOffloadingHandlerAttr(),
                              b.getArrayAttr(objects));
        module.erase();
        continue;
      }
      emitRemark(kernels::kernelLoc(module))
          << "kernel " << kernels::kernelNames(module) << ": compiled"
          << (isVariant(module.getName()) ? " for sm_90a" : "")
          << (job.key.empty() ? "" : " (" + job.key.substr(0, 16) + ")");
      kernels::replaceByBinary(module, job.container,
                               kernels::binaryTarget(module, chip));
    }
    if (assemble && tool.empty())
      getOperation().emitWarning(kernels::kNoPtxasWarning);
    if (failed)
      return signalPassFailure();
    // (PTX alone, for inspection, keeps each variant's binary of its own)
    if (assemble)
      mergeVariants();
  }

  static bool isVariant(StringRef name) {
    return name.ends_with(kernels::kHopperVariantSuffix);
  }

  /// The sm_90a variants (--neve-arch-variants) join their module's binary,
  /// the one its launches name: one container, whose entries the runtime
  /// picks from by the device.
  void mergeVariants() {
    ModuleOp top = getOperation();
    SmallVector<gpu::BinaryOp> variants;
    for (auto bin : top.getOps<gpu::BinaryOp>())
      if (isVariant(bin.getName()))
        variants.push_back(bin);
    for (gpu::BinaryOp variant : variants) {
      StringRef name = variant.getName();
      auto base = top.lookupSymbol<gpu::BinaryOp>(
          name.drop_back(StringRef(kernels::kHopperVariantSuffix).size()));
      auto containerOf = [](gpu::BinaryOp bin) -> gpu::ObjectAttr {
        ArrayAttr objects = bin.getObjectsAttr();
        auto object = objects.size() == 1
                          ? dyn_cast<gpu::ObjectAttr>(objects[0])
                          : gpu::ObjectAttr();
        return object &&
                       object.getFormat() == gpu::CompilationTarget::Binary
                   ? object
                   : gpu::ObjectAttr();
      };
      gpu::ObjectAttr mine = containerOf(variant);
      gpu::ObjectAttr theirs = base ? containerOf(base) : gpu::ObjectAttr();
      std::string merged =
          mine && theirs ? kernels::mergeContainers(
                               theirs.getObject().getValue(),
                               mine.getObject().getValue())
                         : std::string();
      if (merged.empty()) {
        variant.emitError("cannot merge the sm_90a variant into its module's "
                          "binary: ")
            << (base ? "one of them is not a kernel container"
                     : "there is no binary of that name");
        return signalPassFailure();
      }
      MLIRContext *ctx = &getContext();
      base.setObjectsAttr(ArrayAttr::get(
          ctx, {gpu::ObjectAttr::get(ctx, theirs.getTarget(),
                                     gpu::CompilationTarget::Binary,
                                     StringAttr::get(ctx, merged), nullptr,
                                     nullptr)}));
      variant.erase();
    }
  }

  /// Serialise, assemble, store (on a worker thread).
  void run(Job &job, StringRef tool) {
    gpu::TargetOptions options({}, {}, {}, {},
                               gpu::CompilationTarget::Assembly);
    // Linking libdevice means parsing it, for each module and target: only
    // a module that calls it (__nv_expf, ...) pays for that.
    bool callsLibdevice = false;
    for (auto fn : job.module.getOps<LLVM::LLVMFuncOp>())
      callsLibdevice |= fn.isExternal() && fn.getName().starts_with("__nv_");
    for (Attribute t : job.module.getTargetsAttr()) {
      auto target = cast<NVVM::NVVMTargetAttr>(t);
      auto compileFor =
          callsLibdevice || !target.getLink()
              ? target
              : NVVM::NVVMTargetAttr::get(
                    &getContext(), target.getO(), target.getTriple(),
                    target.getChip(), target.getFeatures(), target.getFlags(),
                    /*linkFiles=*/nullptr, target.getVerifyTarget());
      std::optional<SmallVector<char, 0>> ptx =
          cast<gpu::TargetAttrInterface>(compileFor)
              .serializeToObject(job.module, options);
      if (!ptx) {
        job.error = "cannot compile the kernel for " + target.getChip().str();
        return;
      }
      job.ptx.push_back(
          {target, StringRef(ptx->data(), ptx->size()).rtrim('\0').str()});
    }
    if (!assemble)
      return;
    // the cubin of the option's chip, or of the module's first target (an
    // sm_90a variant's only one)
    StringRef cubinChip =
        cast<NVVM::NVVMTargetAttr>(kernels::binaryTarget(job.module, chip))
            .getChip();
    job.container =
        kernels::pack(job.ptx, cubinChip, tool, job.error, lineInfo);
    if (!job.error.empty() || cacheDir.empty() || job.key.empty())
      return;
    job.storeError = cache::writeEntry(
        cacheDir, "kernels", job.key,
        kernels::cachePayload(kernels::binaryTarget(job.module, chip),
                              job.container));
  }
};

} // namespace
