//===- Pipeline.h - The pass pipelines of neve-translate --------*- C++ -*-===//
//
// The one place where Neve's pipelines are assembled from registered passes,
// so that what `neve-opt` runs pass by pass is what the compiler does, plus
// the steps after MLIR: translation to LLVM IR, LLVM's optimizer, object
// emission and linking with the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_PIPELINE_PIPELINE_H
#define NEVE_PIPELINE_PIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <memory>
#include <string>
#include <vector>

namespace neve {

/// Cleanup right after MLIRGen: locals to SSA (mem2reg), folding, CSE. The
/// result is what `--emit=neve` prints.
void buildNeveCleanupPipeline(mlir::OpPassManager &pm);

/// Kernel fusion (neve-fuse) with the patterns named in \p patterns, or
/// those on by default when it is empty; neve-translate runs it at -O2 and
/// above unless -fno-fuse. What `--emit=neve` prints comes after it.
void buildFusionPipeline(mlir::OpPassManager &pm,
                         llvm::ArrayRef<std::string> patterns = {});

/// Device code generation (§8): which GPUs the embedded kernels are for.
struct DeviceOptions {
  /// The chip whose cubin is embedded (ptxas) and whose PTX --emit=ptx prints.
  std::string chip = "sm_90";
  /// The chip of the PTX the driver compiles on other GPUs.
  std::string ptxChip = "sm_80";
  /// One binary for every GPU (neve-translate without --gpu-arch): beside
  /// `chip`'s cubin and `ptxChip`'s PTX, an sm_90a build of the kernels
  /// that differ on Hopper (--neve-arch-variants), which the runtime picks
  /// on such a GPU; kernels of Hopper's arch-specific intrinsics exist
  /// for sm_90a alone.
  bool everyGpu = false;
  /// Line information in the kernels (-g): `.loc` in the PTX, ptxas
  /// -lineinfo, for compute-sanitizer and Nsight.
  bool lineInfo = false;
  /// Device checks (-g, -fdevice-checks): print and assert in kernels, and
  /// failing checks report their line, block and thread before trapping.
  bool deviceChecks = false;
  /// Assemble and embed (false: each target's PTX of one module holding
  /// every kernel, what --emit=ptx prints).
  bool assemble = true;
  /// Embed the PTX alone, without ptxas (-fptx-only): the CUDA driver
  /// compiles it on the GPU host at the first launch.
  bool ptxOnly = false;
  /// The kernel cache (a private directory, see neve/Support/Cache.h), or
  /// "" for none; `salt` is mixed into every key (the compiler's identity).
  std::string cacheDir;
  std::string salt;
};

/// Kernels to embedded binaries: neve-outline-kernels (which inlines gpu
/// functions), neve-split-kernel-modules (one gpu.module per kernel, unless
/// `assemble` is off), neve-kernel-cache (when `cacheDir` is set), then
/// on each gpu.module, in parallel: symbol-dce, canonicalize, cse,
/// lower-layouts, convert-scf-to-cf, convert-neve-device-to-llvm, ...,
/// convert-gpu-to-nvvm, reconcile-unrealized-casts; nvvm-attach-target for
/// both chips and neve-compile-kernels (PTX, ptxas, the NEVEKRN1 container,
/// through the kernel cache). Programs without kernels pass through
/// unchanged.
void buildDevicePipeline(mlir::OpPassManager &pm, const DeviceOptions &options);

/// Host lowering to the LLVM dialect (`--emit=lowered`):
/// convert-scf-to-cf, convert-neve-to-llvm, reconcile-unrealized-casts.
void buildLowerToLLVMPipeline(mlir::OpPassManager &pm);

/// Translates an LLVM-dialect module to LLVM IR for the host, gives every
/// function but the entry point internal linkage, and runs LLVM's
/// optimization pipeline at `optLevel` (0-3). Returns null on failure
/// (reported on stderr).
std::unique_ptr<llvm::Module> translateToLLVMIR(mlir::ModuleOp module,
                                                llvm::LLVMContext &ctx,
                                                unsigned optLevel);

/// translateToLLVMIR's first half: the LLVM IR for the host, every function
/// but the entry point internal, not optimized.
std::unique_ptr<llvm::Module> translateUnoptimized(mlir::ModuleOp module,
                                                   llvm::LLVMContext &ctx);

/// translateToLLVMIR's second half: LLVM's pipeline at `optLevel`.
bool optimizeLLVMModule(llvm::Module &module, unsigned optLevel);

/// How the host code becomes object files.
struct HostOptions {
  unsigned optLevel = 2;
  /// The cache (neve/Support/Cache.h) for the libraries' code, or "";
  /// `salt` is mixed into its keys (the compiler's identity).
  std::string cacheDir;
  std::string salt;
  /// The program's own source file: functions defined elsewhere are a
  /// library's (Frost, std_lib).
  std::string programFile;
  /// Libraries' code smaller than this (LLVM instructions) is not worth a
  /// separate object: it is compiled with the program's.
  unsigned minLibraryInstructions = 5000;
};

/// What emitHostObjects did, for -v.
struct HostReport {
  bool split = false;
  unsigned libraryFunctions = 0;
  unsigned libraryInstructions = 0;
  bool cacheHit = false;
  std::string key;
};

/// Compiles the host module (LLVM dialect) to object files in \p objects
/// (temporary files the caller removes). With a cache and enough library
/// code, the functions defined in libraries compile apart from the
/// program's, as an object cached under the hash of their LLVM IR: an edit
/// of the program compiles only its own code again (docs/caching.md).
/// Otherwise one object, as translateToLLVMIR and emitObjectFile make it.
bool emitHostObjects(mlir::ModuleOp module, const HostOptions &options,
                     std::vector<std::string> &objects, HostReport &report);

/// Emits `module` as a host object file at `path`.
bool emitObjectFile(llvm::Module &module, llvm::StringRef path,
                    unsigned optLevel);

struct LinkOptions {
  std::string runtimeLibrary;          // libneve_runtime.a
  std::vector<std::string> libraries;  // -l NAME
  std::vector<std::string> libraryDirs; // -L DIR
};

/// Links `objects` with the runtime into the executable `output` using the
/// system C++ driver. Returns false (after printing the linker's output) on
/// failure.
bool linkExecutable(llvm::ArrayRef<std::string> objects,
                    llvm::StringRef output, const LinkOptions &options);

/// The runtime library next to the running tool (`<bin>/../lib`), or the
/// value of $NEVE_RUNTIME_LIB.
std::string findRuntimeLibrary(const char *argv0);

} // namespace neve

#endif // NEVE_PIPELINE_PIPELINE_H
