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
#include "neve/Support/CudaToolkit.h"

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
  /// A call of the math library (`__nv_expf`) when no libdevice is linked
  /// to the module: an error, reported at the call with the search.
  LLVM::CallOp unlinkedLibdeviceCall;
};

/// The first call of a libdevice function (`__nv_*`) in \p module, or null.
LLVM::CallOp findLibdeviceCall(gpu::GPUModuleOp module) {
  LLVM::CallOp found;
  module.walk([&](LLVM::CallOp call) {
    auto callee = call.getCallee();
    if (callee && callee->starts_with("__nv_")) {
      found = call;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

struct CompileKernelsPass
    : mlir::neve::impl::NeveCompileKernelsPassBase<CompileKernelsPass> {
  using Base::Base;

  /// The CUDA math library, for modules that call it without naming it.
  ::neve::cuda::Search libdevice;

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
    // Kernels need ptxas: without it, nothing is compiled (docs/gpu.md),
    // unless the PTX alone was asked for.
    std::string tool;
    if (assemble && !ptxOnly) {
      ::neve::cuda::Search found = ::neve::cuda::findPtxas(ptxas);
      if (!found.found()) {
        emitError(kernels::kernelLoc(jobs.front().module))
            << ::neve::cuda::missingPtxasMessage(found);
        return signalPassFailure();
      }
      tool = found.path;
    }
    libdevice = ::neve::cuda::findLibdevice();
    useShortSharedPointers();

    // Diagnostics of the serialisers come out in module order.
    ParallelDiagnosticHandler diagnostics(ctx);
    // MLIR's serialiser also links libdevice from $CUDA_ROOT, $CUDA_HOME or
    // $CUDA_PATH, when one is set, and complains when it is not there. This
    // pass links the libdevice found above where a kernel needs it, and says
    // itself when there is none: those complaints would only repeat it, or
    // concern kernels that do not need libdevice.
    ScopedDiagnosticHandler upstreamLibdevice(ctx, [](Diagnostic &d) {
      std::string message = d.str();
      return success(StringRef(message).starts_with("CUDA path: ") ||
                     StringRef(message).starts_with("LibDevice path: "));
    });
    parallelForEach(ctx, llvm::seq<size_t>(0, jobs.size()), [&](size_t i) {
      diagnostics.setOrderIDForThread(i);
      run(jobs[i], tool);
      diagnostics.eraseOrderIDForThread();
    });

    bool failed = false;
    for (Job &job : jobs) {
      gpu::GPUModuleOp module = job.module;
      if (LLVM::CallOp call = job.unlinkedLibdeviceCall) {
        auto kernel = call->getParentOfType<LLVM::LLVMFuncOp>();
        emitError(call.getLoc()) << ::neve::cuda::missingLibdeviceMessage(
            libdevice, kernel.getName(), *call.getCallee());
        failed = true;
        continue;
      }
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
          << (ptxOnly ? " to PTX only" : "")
          << (job.key.empty() ? "" : " (" + job.key.substr(0, 16) + ")");
      kernels::replaceByBinary(module, job.container,
                               kernels::binaryTarget(module, chip));
    }
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
    LLVM::CallOp libdeviceCall = findLibdeviceCall(job.module);
    bool callsLibdevice = static_cast<bool>(libdeviceCall);
    for (Attribute t : job.module.getTargetsAttr()) {
      auto target = cast<NVVM::NVVMTargetAttr>(t);
      auto withLinks = [&](ArrayAttr files) {
        return NVVM::NVVMTargetAttr::get(
            &getContext(), target.getO(), target.getTriple(), target.getChip(),
            target.getFeatures(), target.getFlags(), files,
            target.getVerifyTarget());
      };
      bool linksFiles = target.getLink() && !target.getLink().empty();
      NVVM::NVVMTargetAttr compileFor = target;
      if (callsLibdevice && !linksFiles) {
        // A target that names no libdevice (neve-opt's input; the pipeline
        // names it) gets the one found; without one the call would stay
        // unresolved, and neither ptxas nor the driver could load it.
        if (!libdevice.found()) {
          job.unlinkedLibdeviceCall = libdeviceCall;
          return;
        }
        compileFor = withLinks(ArrayAttr::get(
            &getContext(), {StringAttr::get(&getContext(), libdevice.path)}));
      } else if (!callsLibdevice && target.getLink()) {
        compileFor = withLinks(nullptr);
      }
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
