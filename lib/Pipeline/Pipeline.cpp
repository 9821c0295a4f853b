//===- Pipeline.cpp - The pass pipelines of neve-translate ----------------===//

#include "neve/Pipeline/Pipeline.h"
#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Layout/Transforms/Passes.h"
#include "neve/Dialect/Neve/Transforms/Passes.h"
#include "neve/Frontend/MLIRGen.h"
#include "RecursiveInline.h"
#include "neve/Support/Cache.h"
#include "neve/Support/CudaToolkit.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace neve;

void neve::buildNeveCleanupPipeline(mlir::OpPassManager &pm) {
  pm.addPass(mlir::createMem2Reg());
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}

void neve::buildFusionPipeline(mlir::OpPassManager &pm,
                               llvm::ArrayRef<std::string> patterns) {
  mlir::neve::NeveFusePassOptions options;
  options.patterns.assign(patterns.begin(), patterns.end());
  pm.addPass(mlir::neve::createNeveFusePass(options));
  pm.addPass(mlir::createCanonicalizerPass());
  pm.addPass(mlir::createCSEPass());
}

void neve::buildDevicePipeline(mlir::OpPassManager &pm,
                               const DeviceOptions &options) {
  pm.addPass(mlir::neve::createNeveOutlineKernelsPass());
  // --emit=ptx prints one PTX module, which ptxas takes as it is.
  if (options.assemble)
    pm.addPass(mlir::neve::createNeveSplitKernelModulesPass());
  // One target for the cubin, one for the PTX the driver compiles on other
  // GPUs; the CUDA math library (libdevice) serves exp, log, pow, ...
  // On sm_90a the tiled product runs on warpgroup instructions (wgmma),
  // which exist only there: the PTX embedded is then sm_90a's too.
  bool wgmma = options.chip == "sm_90a";
  // Without libdevice, a kernel that calls it is an error of
  // --neve-compile-kernels, which names the places looked.
  std::string libdevice = cuda::findLibdevice().path;
  std::string ptxChip = wgmma ? options.chip : options.ptxChip;
  // gpu functions were inlined into the kernels (§3.7): drop them, and
  // whatever else a kernel's module holds that the kernel does not use (its
  // key must not depend on the program's other kernels).
  pm.nest<mlir::gpu::GPUModuleOp>().addPass(mlir::createSymbolDCEPass());
  if (options.everyGpu && !wgmma && options.assemble)
    pm.addPass(mlir::neve::createNeveArchVariantsPass());
  if (!options.cacheDir.empty()) {
    // Kernels compiled before, by this program or another, are taken from
    // the cache; the key covers all that the rest of this pipeline uses.
    mlir::neve::NeveKernelCachePassOptions cached;
    cached.cacheDir = options.cacheDir;
    cached.debugInfo = options.lineInfo;
    cached.salt = options.salt + "\nchip " + options.chip + " ptx " + ptxChip +
                  " +ptx80 O3" +
                  (options.deviceChecks ? " device-checks" : "") +
                  (options.ptxOnly ? " ptx-only" : "") +
                  "\nlibdevice " +
                  (libdevice.empty() ? "none"
                                     : ::neve::cache::fileIdentity(libdevice));
    pm.addPass(mlir::neve::createNeveKernelCachePass(cached));
  }
  mlir::OpPassManager &device = pm.nest<mlir::gpu::GPUModuleOp>();
  // Constant branches (a specialised kernel's template parameters) folded
  // and the blocks they leave unreachable erased before canonicalising: a
  // dead loop's cyclic induction update never lets the canonicalizer stop
  // (neve-prune-dead-branches, Passes.td).
  device.addPass(mlir::createSCCPPass());
  device.addPass(mlir::neve::createNevePruneDeadBranchesPass());
  device.addPass(mlir::createCanonicalizerPass());
  device.addPass(mlir::createCSEPass());
  // Views, tiles and the tiled product (§8.5, §8.6) → memref + nvgpu.
  mlir::layout::LowerLayoutsPassOptions layouts;
  layouts.wgmma = wgmma;
  device.addPass(mlir::layout::createLowerLayoutsPass(layouts));
  // The tiled products unroll into tens of thousands of ops: bottom-up, the
  // canonicalizer reaches the same fixpoint (up to where constants land)
  // five times faster than top-down (1.6 against 0.3 s for resnet.nv).
  device.addPass(mlir::createCanonicalizerPass(
      mlir::GreedyRewriteConfig().setUseTopDownTraversal(false)));
  device.addPass(mlir::createSCFToControlFlowPass());
  mlir::neve::ConvertNeveDeviceToLLVMPassOptions neveDevice;
  neveDevice.deviceChecks = options.deviceChecks;
  device.addPass(mlir::neve::createConvertNeveDeviceToLLVMPass(neveDevice));
  device.addPass(mlir::memref::createExpandStridedMetadataPass());
  device.addPass(mlir::createLowerAffinePass());
  device.addPass(mlir::createConvertNVGPUToNVVMPass());
  // bf16 conversions stay arith.truncf/extf: NVPTX emits cvt.rn.bf16.f32
  // (sm_80 and later, every chip the kernels are built for) where the
  // expansion would spend six integer instructions and a NaN test on each;
  // float maxima and minima stay for max.NaN.f32 and its kin (Passes.td).
  device.addPass(mlir::neve::createNeveExpandDeviceArithPass());
  device.addPass(mlir::createConvertGpuOpsToNVVMOps());
  // NVVM ops built on inline PTX (wgmma.mma_async) to llvm.inline_asm
  device.addPass(mlir::createConvertNVVMToLLVMPass());
  device.addPass(mlir::createReconcileUnrealizedCastsPass());
  // -g: each kernel's locations become debug directives only, which NVPTX
  // writes as .loc lines (full debug info would make ptxas refuse -O3).
  if (options.lineInfo) {
    mlir::LLVM::DIScopeForLLVMFuncOpPassOptions lines;
    lines.emissionKind = mlir::LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(mlir::LLVM::createDIScopeForLLVMFuncOpPass(lines));
  }
  // One #nvvm.target per chip, +ptx80, O3, linking libdevice; a kernel
  // that uses Hopper's instructions gets only the chips that have them
  // (no sm_80 PTX). tensor_map parameters become 128-byte grid constants.
  mlir::neve::NeveKernelAbiPassOptions abi;
  abi.chips.push_back(options.chip);
  if (ptxChip != options.chip)
    abi.chips.push_back(ptxChip);
  abi.features = "+ptx80";
  abi.optLevel = 3;
  if (!libdevice.empty())
    abi.link.push_back(libdevice);
  pm.addPass(mlir::neve::createNeveKernelAbiPass(abi));
  mlir::neve::NeveCompileKernelsPassOptions compile;
  compile.chip = options.chip;
  compile.assemble = options.assemble;
  compile.cacheDir = options.cacheDir;
  compile.lineInfo = options.lineInfo;
  compile.ptxOnly = options.ptxOnly;
  pm.addPass(mlir::neve::createNeveCompileKernelsPass(compile));
}

void neve::buildLowerToLLVMPipeline(mlir::OpPassManager &pm) {
  // The program's calls into C and libraries record their line for run-time
  // errors (before task bodies leave their functions).
  pm.addPass(mlir::neve::createNeveCallSitesPass());
  // Task bodies become functions first (§6.8).
  pm.addPass(mlir::neve::createConvertConcurrencyToRuntimePass());
  // Host views of host memory (§8.5.2) → strided memrefs.
  pm.addPass(mlir::layout::createLowerLayoutsPass());
  pm.addPass(mlir::createSCFToControlFlowPass());
  pm.addPass(mlir::memref::createExpandStridedMetadataPass());
  pm.addPass(mlir::createLowerAffinePass());
  // bf16 conversions become integer code (round to nearest even): LLVM
  // would otherwise call __truncsfbf2, which Debian 12's libgcc lacks.
  mlir::arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(mlir::arith::createArithExpandOpsPass(expand));
  pm.addPass(mlir::neve::createConvertNeveToLLVMPass());
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
}

static llvm::TargetMachine *getHostTargetMachine(unsigned optLevel) {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
  std::string triple = llvm::sys::getDefaultTargetTriple();
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(triple), error);
  if (!target) {
    llvm::errs() << "error: no target for " << triple << ": " << error << "\n";
    return nullptr;
  }
  llvm::TargetOptions options;
  auto level = optLevel == 0   ? llvm::CodeGenOptLevel::None
               : optLevel == 1 ? llvm::CodeGenOptLevel::Less
               : optLevel == 2 ? llvm::CodeGenOptLevel::Default
                               : llvm::CodeGenOptLevel::Aggressive;
  return target->createTargetMachine(llvm::Triple(triple),
                                     llvm::sys::getHostCPUName(), "", options,
                                     llvm::Reloc::PIC_, std::nullopt, level);
}

std::unique_ptr<llvm::Module>
neve::translateUnoptimized(mlir::ModuleOp module, llvm::LLVMContext &ctx) {
  llvm::StringRef name = "neve";
  if (auto src = module->getAttrOfType<mlir::StringAttr>("neve.source"))
    name = src.getValue();
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::translateModuleToLLVMIR(module, ctx, name);
  if (!llvmModule) {
    llvm::errs() << "error: translation to LLVM IR failed\n";
    return nullptr;
  }
  std::unique_ptr<llvm::TargetMachine> tm(getHostTargetMachine(2));
  if (!tm)
    return nullptr;
  llvmModule->setDataLayout(tm->createDataLayout());
  llvmModule->setTargetTriple(tm->getTargetTriple());

  // Only the entry point is called from outside; everything else may be
  // inlined and removed.
  for (llvm::Function &fn : *llvmModule)
    if (!fn.isDeclaration() && fn.getName() != kEntrySymbol)
      fn.setLinkage(llvm::GlobalValue::InternalLinkage);
  return llvmModule;
}

bool neve::optimizeLLVMModule(llvm::Module &llvmModule, unsigned optLevel) {
  if (optLevel == 0)
    return true;
  std::unique_ptr<llvm::TargetMachine> tm(getHostTargetMachine(optLevel));
  if (!tm)
    return false;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(tm.get());
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  auto level = optLevel == 1   ? llvm::OptimizationLevel::O1
               : optLevel == 2 ? llvm::OptimizationLevel::O2
                               : llvm::OptimizationLevel::O3;
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(level);
  mpm.run(llvmModule, mam);
  // Small recursive functions get a few levels of their recursion inlined
  // (as GCC does at -O2), then the pipeline runs again over the result.
  if (inlineSelfRecursion(llvmModule)) {
    mam.invalidate(llvmModule, llvm::PreservedAnalyses::none());
    llvm::ModulePassManager again = pb.buildPerModuleDefaultPipeline(level);
    again.run(llvmModule, mam);
  }
  return true;
}

std::unique_ptr<llvm::Module> neve::translateToLLVMIR(mlir::ModuleOp module,
                                                      llvm::LLVMContext &ctx,
                                                      unsigned optLevel) {
  std::unique_ptr<llvm::Module> llvmModule = translateUnoptimized(module, ctx);
  if (!llvmModule || !optimizeLLVMModule(*llvmModule, optLevel))
    return nullptr;
  return llvmModule;
}

bool neve::emitObjectFile(llvm::Module &module, llvm::StringRef path,
                          unsigned optLevel) {
  std::unique_ptr<llvm::TargetMachine> tm(getHostTargetMachine(optLevel));
  if (!tm)
    return false;
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::errs() << "error: cannot write " << path << ": " << ec.message()
                 << "\n";
    return false;
  }
  llvm::legacy::PassManager pm;
  if (tm->addPassesToEmitFile(pm, out, nullptr,
                              llvm::CodeGenFileType::ObjectFile)) {
    llvm::errs() << "error: the target cannot emit object files\n";
    return false;
  }
  pm.run(module);
  out.flush();
  return !out.has_error();
}

bool neve::linkExecutable(llvm::ArrayRef<std::string> objects,
                          llvm::StringRef output, const LinkOptions &options) {
  auto driver = llvm::sys::findProgramByName("c++");
  if (!driver) {
    llvm::errs() << "error: no C++ driver ('c++') on PATH to link with\n";
    return false;
  }
  std::vector<std::string> args = {*driver};
  args.insert(args.end(), objects.begin(), objects.end());
  args.insert(args.end(), {"-o", output.str(), options.runtimeLibrary});
  for (const std::string &dir : options.libraryDirs) {
    // The directories are also the run-time search path of the shared
    // libraries found there, so the program runs without LD_LIBRARY_PATH.
    llvm::SmallString<256> abs(dir);
    llvm::sys::fs::make_absolute(abs);
    args.push_back("-L" + std::string(abs));
    args.push_back("-Wl,-rpath," + std::string(abs));
  }
  for (const std::string &lib : options.libraries)
    args.push_back("-l" + lib);
  // The collector, libpng and zlib (Frost's image and IDX natives) are
  // linked statically so that a program runs on machines without them (the
  // GPU machine); the rest is the C/C++ base system.
  for (const char *lib : {"-Wl,-Bstatic", "-lgc", "-lpng16", "-lz",
                          "-Wl,-Bdynamic", "-pthread",
                          "-ldl", "-lm"})
    args.push_back(lib);
  llvm::SmallVector<llvm::StringRef> argRefs(args.begin(), args.end());
  std::string errMsg;
  int rc = llvm::sys::ExecuteAndWait(*driver, argRefs, std::nullopt, {}, 0, 0,
                                     &errMsg);
  if (rc != 0) {
    llvm::errs() << "error: linking " << output << " failed"
                 << (errMsg.empty() ? "" : ": " + errMsg) << "\n";
    if (!options.libraries.empty()) {
      llvm::errs() << "note: libraries given with -l (";
      llvm::interleaveComma(options.libraries, llvm::errs());
      llvm::errs() << ") are searched as libNAME.so or libNAME.a in the -L "
                      "directories, then the system's\n";
    }
    return false;
  }
  return true;
}

std::string neve::findRuntimeLibrary(const char *argv0) {
  if (const char *env = std::getenv("NEVE_RUNTIME_LIB"))
    return env;
  std::string exe = llvm::sys::fs::getMainExecutable(
      argv0, reinterpret_cast<void *>(&findRuntimeLibrary));
  llvm::SmallString<256> path(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(path, "..", "lib", "libneve_runtime.a");
  return std::string(path);
}
