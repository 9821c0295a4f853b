//===- neve-translate.cpp - The whole Neve pipeline -----------------------===//
//
// neve-translate FILE.nv -o BIN            compile to a native executable
// neve-translate FILE.nv --emit=STAGE      stop after a stage and print it:
//                                          ast | neve | lowered | llvm | obj | exe
// neve-translate FILE.nv --check           parse and type-check only
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Diagnostics.h"
#include "neve/Frontend/MLIRGen.h"
#include "neve/Frontend/ModuleLoader.h"
#include "neve/Frontend/Parser.h"
#include "neve/Frontend/Sema.h"
#include "neve/InitAll.h"
#include "neve/Pipeline/Pipeline.h"
#include "neve/Pipeline/Plugins.h"
#include "neve/Support/Cache.h"
#include "neve/Support/SourceFile.h"
#include "neve/Support/ToolVersion.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace neve;
namespace cl = llvm::cl;

namespace {
/// Prints the PTX of the `--gpu-arch` target of every embedded kernel
/// module (nothing for a program without kernels).
void printPtx(mlir::ModuleOp module, llvm::raw_ostream &os);

enum class Emit { Ast, Neve, Ptx, Lowered, LLVM, Obj, Exe };

cl::OptionCategory category("neve-translate options");
cl::opt<std::string> inputFile(cl::Positional, cl::desc("<file.nv>"),
                               cl::Required, cl::cat(category));
cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                cl::value_desc("path"), cl::cat(category));
cl::opt<Emit> emit(
    "emit", cl::desc("Stop after a stage and write its result"),
    cl::values(clEnumValN(Emit::Ast, "ast", "the typed AST"),
               clEnumValN(Emit::Neve, "neve", "the neve dialect IR"),
               clEnumValN(Emit::Ptx, "ptx", "the PTX of the kernels"),
               clEnumValN(Emit::Lowered, "lowered", "the LLVM dialect IR"),
               clEnumValN(Emit::LLVM, "llvm", "optimized LLVM IR"),
               clEnumValN(Emit::Obj, "obj", "an object file"),
               clEnumValN(Emit::Exe, "exe", "an executable (default)")),
    cl::init(Emit::Exe), cl::cat(category));
cl::opt<std::string> gpuArch(
    "gpu-arch",
    cl::desc("Build for this GPU alone: its cubin is embedded (with PTX "
             "for sm_80 unless it is sm_90a) and --emit=ptx prints its PTX. "
             "Without it: sm_90's cubin, sm_80's PTX and, for the kernels "
             "faster on Hopper, sm_90a's cubin (--emit=ptx: sm_90)"),
    cl::init("sm_90"), cl::value_desc("sm_NN"), cl::cat(category));
/// Without --gpu-arch a program runs on every GPU, at Hopper's speed on
/// Hopper (docs/codegen.md, "One binary for every GPU"); --emit=ptx prints
/// sm_90's PTX.
bool everyGpu() { return !gpuArch.getNumOccurrences() && emit != Emit::Ptx; }
cl::opt<bool> checkOnly("check", cl::desc("Parse and type-check, then exit"),
                        cl::cat(category));
cl::opt<bool> parseOnly(
    "parse-only",
    cl::desc("Stop after parsing (with --emit=ast: print the untyped AST)"),
    cl::cat(category));
cl::opt<std::string> depsFile(
    "deps-file",
    cl::desc("Write the identity (path, size, mtime) of every source file "
             "the program was built from, one per line"),
    cl::value_desc("path"), cl::cat(category));
cl::opt<bool> noPrelude(
    "no-prelude",
    cl::desc("Do not import $NEVE_LIBS/std_lib/include.nv implicitly"),
    cl::cat(category));
cl::opt<bool> testBuiltins(
    "enable-test-builtins",
    cl::desc("Make the test-only entries of Builtins.td visible (tests of "
             "the generated builtin path)"),
    cl::Hidden, cl::cat(category));
cl::opt<bool> verifyDiags(
    "verify-diagnostics",
    cl::desc("Check diagnostics against '# expected-error' comments"),
    cl::cat(category));
cl::opt<std::string> diagFormat("diagnostics",
                                cl::desc("Diagnostic format: text or json"),
                                cl::init("text"), cl::cat(category));
cl::opt<bool> colorDiags(
    "fcolor-diagnostics",
    cl::desc("Diagnostics in colour (default: when stderr is a terminal and "
             "NO_COLOR is unset)"),
    cl::cat(category));
cl::opt<bool> noColorDiags("fno-color-diagnostics",
                           cl::desc("Diagnostics without colour"),
                           cl::cat(category));
cl::opt<unsigned> optLevel("O", cl::desc("Optimization level (0-3)"),
                           cl::Prefix, cl::init(2), cl::cat(category));
cl::opt<bool> noFuse("fno-fuse",
                     cl::desc("Do not fuse kernels (neve-fuse; on at -O2 and above)"),
                     cl::cat(category));
cl::list<std::string> fuse("ffuse",
                           cl::desc("Fusion patterns to apply (default: those "
                                    "on by default), e.g. -ffuse=elementwise"),
                           cl::CommaSeparated, cl::value_desc("PATTERN,..."),
                           cl::cat(category));
cl::list<std::string> rpass("Rpass",
                            cl::desc("Print the remarks of a pass: -Rpass=neve-fuse"),
                            cl::value_desc("PASS"), cl::cat(category));
cl::opt<bool> verbose(
    "v", cl::desc("Say what the compile did: each kernel compiled or found in "
                  "the cache"),
    cl::cat(category));
cl::opt<bool> debugInfo(
    "g", cl::desc("Emit DWARF line tables and function names (gdb and lldb "
                  "break at file.nv:LINE) and kernel line information "
                  "(.loc, ptxas -lineinfo)"),
    cl::cat(category));
cl::opt<bool> deviceChecks(
    "fdevice-checks",
    cl::desc("Device checks (on with -g): print and assert in kernels, and "
             "failing checks in kernels report their line, block and thread"),
    cl::cat(category));
cl::opt<bool> noDeviceChecks(
    "fno-device-checks",
    cl::desc("No device checks, even with -g: print and assert in kernels "
             "compile to nothing"),
    cl::cat(category));
cl::opt<bool> ptxOnly(
    "fptx-only",
    cl::desc("Embed the kernels' PTX alone, without ptxas: the CUDA driver "
             "compiles it on the GPU host at the first launch (docs/gpu.md, "
             "\"Without ptxas\")"),
    cl::cat(category));
cl::opt<bool> noCache(
    "no-cache",
    cl::desc("Compile every kernel, neither reading nor writing the cache "
             "($NEVE_CACHE_DIR, else ~/.cache/neve)"),
    cl::cat(category));
cl::opt<unsigned> hostSplit(
    "host-split-threshold",
    cl::desc("Compile the libraries' host code apart (and cache it) when it "
             "holds at least this many LLVM instructions"),
    cl::init(HostOptions().minLibraryInstructions), cl::Hidden,
    cl::cat(category));
cl::list<std::string> libs("l", cl::desc("Link with library NAME"),
                           cl::Prefix, cl::value_desc("NAME"),
                           cl::cat(category));
cl::list<std::string> libDirs("L", cl::desc("Search DIR for libraries"),
                              cl::Prefix, cl::value_desc("DIR"),
                              cl::cat(category));
// Plugins and fusion pattern files (neve/Pipeline/Plugins.h):
// docs/tutorials/fusion-pattern.md.
cl::list<std::string> passPlugins(
    "load-pass-plugin",
    cl::desc("Load a pass plugin (its passes, fusion patterns and roles)"),
    cl::value_desc("path"), cl::cat(category));
cl::list<std::string> passPluginsF(
    "fpass-plugin", cl::desc("The same as --load-pass-plugin"),
    cl::value_desc("path"), cl::cat(category));
cl::list<std::string> dialectPlugins(
    "load-dialect-plugin", cl::desc("Load a dialect plugin"),
    cl::value_desc("path"), cl::cat(category));
cl::list<std::string> fusionPatternFiles(
    "ffusion-patterns",
    cl::desc("Load fusion patterns from PDL IR (.mlir) or PDLL (.pdll, "
             "compiled with mlir-pdll)"),
    cl::value_desc("path"), cl::cat(category));

/// "file:line:col" of the first source position in \p loc.
std::string locationText(mlir::Location loc) {
  auto fl = mlir::LocationAttr(loc).findInstanceOf<mlir::FileLineColLoc>();
  if (!fl)
    return "<unknown>";
  return fl.getFilename().str() + ":" + std::to_string(fl.getLine()) + ":" +
         std::to_string(fl.getColumn());
}

/// What identifies this compiler in cache keys: its executable (a rebuilt
/// or reinstalled compiler has a new size or time) and the LLVM it uses.
std::string compilerIdentity(const char *argv0) {
  std::string exe =
      llvm::sys::fs::getMainExecutable(argv0, (void *)&compilerIdentity);
  return "neve-translate " + cache::fileIdentity(exe) + " LLVM " +
         LLVM_VERSION_STRING;
}

/// \p loc with every file name made absolute (from the working directory).
mlir::Location absoluteLocation(mlir::Location loc) {
  if (auto fl = llvm::dyn_cast<mlir::FileLineColLoc>(loc)) {
    llvm::SmallString<256> path(fl.getFilename().getValue());
    if (llvm::sys::path::is_absolute(path) || llvm::sys::fs::make_absolute(path))
      return loc;
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    return mlir::FileLineColLoc::get(loc.getContext(), path, fl.getLine(),
                                     fl.getColumn());
  }
  if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc)) {
    llvm::SmallVector<mlir::Location> inner;
    for (mlir::Location l : fused.getLocations())
      inner.push_back(absoluteLocation(l));
    return mlir::FusedLoc::get(loc.getContext(), inner, fused.getMetadata());
  }
  if (auto name = llvm::dyn_cast<mlir::NameLoc>(loc))
    return mlir::NameLoc::get(name.getName(),
                              absoluteLocation(name.getChildLoc()));
  if (auto site = llvm::dyn_cast<mlir::CallSiteLoc>(loc))
    return mlir::CallSiteLoc::get(absoluteLocation(site.getCallee()),
                                  absoluteLocation(site.getCaller()));
  return loc;
}

void absoluteLocations(mlir::ModuleOp module) {
  module->walk([](mlir::Operation *op) {
    op->setLoc(absoluteLocation(op->getLoc()));
  });
}

/// Writes `text` to -o (or stdout).
bool writeOutput(llvm::function_ref<void(llvm::raw_ostream &)> fn) {
  std::string path = outputFile.empty() ? "-" : outputFile.getValue();
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    llvm::errs() << "error: cannot write " << path << ": " << ec.message()
                 << "\n";
    return false;
  }
  fn(out.os());
  out.keep();
  return true;
}

int compile(const char *argv0) {
  llvm::SourceMgr sm;
  DiagEngine diag(sm);
  diag.setErrorLimit(50);
  // The last of -fcolor-diagnostics and -fno-color-diagnostics wins.
  std::optional<bool> wantColor;
  if (colorDiags.getNumOccurrences() || noColorDiags.getNumOccurrences())
    wantColor = colorDiags.getNumOccurrences() &&
                (!noColorDiags.getNumOccurrences() ||
                 colorDiags.getPosition() > noColorDiags.getPosition());
  diag.setShowColors(colorDiagnostics(wantColor));
  auto jsonFormat = diagFormat == "json" ? DiagEngine::Format::Json
                                         : DiagEngine::Format::Text;
  // Not a regular file, too large, unreadable: an error without a source
  // position, in the chosen format (in JSON the path's bytes are escaped).
  auto buffer = readSourceFile(inputFile);
  if (!buffer) {
    diag.error(llvm::SMLoc(), llvm::toString(buffer.takeError()));
    diag.print(llvm::errs(), jsonFormat);
    return 1;
  }
  unsigned id = sm.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  auto finishDiagnostics = [&]() -> int {
    if (verifyDiags)
      return diag.verifyExpectations(llvm::errs()) ? 0 : 1;
    if (!diag.diagnostics().empty())
      diag.print(llvm::errs(), jsonFormat);
    if (diag.reachedLimit() && jsonFormat == DiagEngine::Format::Text)
      llvm::errs() << "note: too many errors (" << diag.numErrors()
                   << "); stopping\n";
    return diag.hadError() ? 1 : 0;
  };

  if (parseOnly) {
    Parser parser(sm, id, diag);
    std::unique_ptr<Module> module = parser.parseModule();
    int rc = finishDiagnostics();
    if (rc || verifyDiags || emit != Emit::Ast)
      return rc;
    return writeOutput([&](llvm::raw_ostream &os) { printAST(*module, sm, os); })
               ? 0
               : 1;
  }
  Program program;
  program.testBuiltins = testBuiltins;
  // Intrinsics that need a later or an arch-specific chip are refused at
  // their calls (Builtins.td's Chip); built for every GPU, a kernel of
  // sm_90a's intrinsics exists for that chip alone (--neve-arch-variants).
  program.gpuArch = everyGpu() ? std::string() : gpuArch.getValue();
  LoadOptions loadOptions;
  loadOptions.libsDir = defaultLibsDir(argv0, (void *)&writeOutput);
  loadOptions.prelude = !noPrelude;
  loadProgram(sm, id, diag, loadOptions, program);
  Module *module = program.main;
  if (!depsFile.empty()) {
    std::error_code ec;
    llvm::raw_fd_ostream deps(depsFile, ec);
    if (ec) {
      llvm::errs() << "neve-translate: cannot write " << depsFile << ": "
                   << ec.message() << "\n";
      return 1;
    }
    for (auto &m : program.modules)
      deps << (cache::fileIdentity(m->fileName).empty()
                   ? m->fileName + ":missing"
                   : cache::fileIdentity(m->fileName))
           << "\n";
  }
  TypeContext types;
  registerFusionRoles();
  if (!diag.hadError())
    checkProgram(program, types, diag);
  if (diag.hadError() || verifyDiags || checkOnly) {
    int rc = finishDiagnostics();
    if (rc || verifyDiags || checkOnly)
      return rc;
  }
  if (emit == Emit::Ast) {
    if (!diag.diagnostics().empty())
      diag.print(llvm::errs(), jsonFormat); // warnings
    return writeOutput([&](llvm::raw_ostream &os) { printAST(*module, sm, os); })
               ? 0
               : 1;
  }

  mlir::DialectRegistry registry;
  mlir::neve::registerAllNeveDialects(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  for (const std::string &plugin : dialectPlugins)
    if (llvm::Error err = loadDialectPlugin(plugin, registry)) {
      llvm::errs() << "neve-translate: error: "
                   << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // MLIRGen reports what it cannot compile yet, all of it, with locations.
  mlir::OwningOpRef<mlir::ModuleOp> mod = emitMLIR(context, sm, program, diag);
  if (diag.hadError())
    return finishDiagnostics();
  if (!diag.diagnostics().empty())
    diag.print(llvm::errs(), jsonFormat); // warnings
  if (!mod)
    return 1;
  // -g: absolute source paths, so that a debugger (or compute-sanitizer)
  // finds the sources from anywhere; run-time errors name them so too.
  if (debugInfo)
    absoluteLocations(*mod);

  // -Rpass=PASS: a pass's remarks, as file:line:col: remark: (-v implies
  // those of the kernel compiler: compiled, or found in the cache).
  auto wants = [&](llvm::StringRef pass) {
    return llvm::any_of(rpass, [&](const std::string &p) {
      return p == pass || p == ".*" || p == "all";
    });
  };
  bool fuseRemarks = wants("neve-fuse");
  bool kernelRemarks = verbose || wants("neve-compile-kernels");
  enum class Stage { Fuse, Kernels, Host } stage = Stage::Fuse;
  mlir::ScopedDiagnosticHandler remarks(&context, [&](mlir::Diagnostic &d) {
    // Errors at a source position read as the front end's do
    // (`file:line:col: error: ...`); others go to the default printer.
    if (d.getSeverity() == mlir::DiagnosticSeverity::Error &&
        locationText(d.getLocation()) != "<unknown>") {
      llvm::errs() << locationText(d.getLocation()) << ": error: " << d.str()
                   << "\n";
      for (mlir::Diagnostic &note : d.getNotes())
        if (!llvm::StringRef(note.str()).starts_with("see current operation"))
          llvm::errs() << locationText(note.getLocation()) << ": note: "
                       << note.str() << "\n";
      return mlir::success();
    }
    if (d.getSeverity() != mlir::DiagnosticSeverity::Remark)
      return mlir::failure(); // warnings: the default printer
    if ((stage == Stage::Fuse && fuseRemarks) ||
        (stage == Stage::Kernels && kernelRemarks))
      llvm::errs() << locationText(d.getLocation()) << ": remark: " << d.str()
                   << "\n";
    return mlir::success();
  });

  // MLIR's own options: --mlir-timing, --mlir-print-ir-after-all, ...
  mlir::DefaultTimingManager timing;
  mlir::applyDefaultTimingManagerCLOptions(timing);
  mlir::TimingScope rootTimer = timing.getRootScope();
  auto configure = [&](mlir::PassManager &p) {
    p.enableTiming(rootTimer);
    return mlir::applyPassManagerCLOptions(p);
  };

  mlir::PassManager pm(&context);
  if (mlir::failed(configure(pm)))
    return 1;
  buildNeveCleanupPipeline(pm);
  if (optLevel >= 2 && !noFuse)
    buildFusionPipeline(pm, fuse);
  if (mlir::failed(pm.run(*mod)))
    return 1;
  if (emit == Emit::Neve)
    return writeOutput([&](llvm::raw_ostream &os) { mod->print(os); }) ? 0 : 1;

  DeviceOptions device;
  device.chip = gpuArch;
  device.everyGpu = everyGpu();
  device.assemble = emit != Emit::Ptx;
  device.lineInfo = debugInfo;
  device.ptxOnly = ptxOnly;
  // -g asks for them too; the last of -fdevice-checks and
  // -fno-device-checks wins.
  device.deviceChecks = debugInfo;
  if (deviceChecks.getNumOccurrences() || noDeviceChecks.getNumOccurrences())
    device.deviceChecks =
        deviceChecks.getNumOccurrences() &&
        (!noDeviceChecks.getNumOccurrences() ||
         deviceChecks.getPosition() > noDeviceChecks.getPosition());
  if (!noCache && device.assemble) {
    device.cacheDir = cache::cacheDirPath();
    std::string refused = cache::openCacheDir(device.cacheDir);
    if (!refused.empty()) {
      llvm::errs() << "warning: not using the cache directory "
                   << device.cacheDir << ": " << refused
                   << " (set NEVE_CACHE_DIR to a directory of your own)\n";
      device.cacheDir.clear();
    }
    device.salt = compilerIdentity(argv0);
  }
  stage = Stage::Kernels;
  mlir::PassManager kernels(&context);
  if (mlir::failed(configure(kernels)))
    return 1;
  buildDevicePipeline(kernels, device);
  if (mlir::failed(kernels.run(*mod)))
    return 1;
  // Kernels stored: the cache stays under its bound.
  if (!device.cacheDir.empty())
    cache::prune(device.cacheDir, cache::sizeLimit());
  stage = Stage::Host;
  if (emit == Emit::Ptx)
    return writeOutput([&](llvm::raw_ostream &os) { printPtx(*mod, os); }) ? 0
                                                                           : 1;

  mlir::PassManager lower(&context);
  if (mlir::failed(configure(lower)))
    return 1;
  buildLowerToLLVMPipeline(lower);
  if (mlir::failed(lower.run(*mod)))
    return 1;
  // -g: line tables from the locations.
  if (debugInfo) {
    mlir::PassManager debug(&context);
    debug.addPass(mlir::LLVM::createDIScopeForLLVMFuncOpPass());
    if (mlir::failed(debug.run(*mod)))
      return 1;
  }
  if (emit == Emit::Lowered)
    return writeOutput([&](llvm::raw_ostream &os) { mod->print(os); }) ? 0 : 1;

  std::string output = outputFile;
  if (output.empty()) {
    llvm::SmallString<128> stem(llvm::sys::path::stem(inputFile));
    if (emit == Emit::Obj)
      stem += ".o";
    output = std::string(stem);
  }
  if (emit == Emit::LLVM || emit == Emit::Obj) {
    llvm::LLVMContext llvmContext;
    auto llvmModule = translateToLLVMIR(*mod, llvmContext, optLevel);
    if (!llvmModule)
      return 1;
    if (emit == Emit::Obj)
      return emitObjectFile(*llvmModule, output, optLevel) ? 0 : 1;
    return writeOutput([&](llvm::raw_ostream &os) {
             llvmModule->print(os, nullptr);
           })
               ? 0
               : 1;
  }

  // An executable: the libraries' host code may come from the cache.
  HostOptions host;
  host.optLevel = optLevel;
  host.cacheDir = device.cacheDir;
  host.salt = device.salt;
  host.programFile = program.main->fileName;
  host.minLibraryInstructions = hostSplit;
  std::vector<std::string> objects;
  auto removeObjects = llvm::make_scope_exit([&] {
    for (const std::string &o : objects)
      llvm::sys::fs::remove(o);
  });
  HostReport report;
  if (!emitHostObjects(*mod, host, objects, report))
    return 1;
  if (verbose && report.split)
    llvm::errs() << "remark: host code of the libraries ("
                 << report.libraryFunctions << " functions, "
                 << report.libraryInstructions << " instructions): "
                 << (report.cacheHit ? "cache hit" : "compiled") << " ("
                 << report.key.substr(0, 16) << ")\n";
  else if (verbose)
    llvm::errs() << "remark: host code compiled as one object (the "
                    "libraries' holds "
                 << report.libraryInstructions << " instructions)\n";
  LinkOptions link;
  link.runtimeLibrary = findRuntimeLibrary(argv0);
  if (!llvm::sys::fs::exists(link.runtimeLibrary)) {
    llvm::errs() << "error: the Neve runtime library is missing: "
                 << link.runtimeLibrary << " (set NEVE_RUNTIME_LIB)\n";
    return 1;
  }
  link.libraries.assign(libs.begin(), libs.end());
  link.libraryDirs.assign(libDirs.begin(), libDirs.end());
  // the native libraries of the imported packages' manifests (§11.9)
  link.libraries.insert(link.libraries.end(), program.nativeLibs.begin(),
                        program.nativeLibs.end());
  link.libraryDirs.insert(link.libraryDirs.end(),
                          program.nativeLibDirs.begin(),
                          program.nativeLibDirs.end());
  return linkExecutable(objects, output, link) ? 0 : 1;
}
void printPtx(mlir::ModuleOp module, llvm::raw_ostream &os) {
  for (auto bin : module.getOps<mlir::gpu::BinaryOp>())
    for (mlir::Attribute a : bin.getObjectsAttr()) {
      auto object = llvm::cast<mlir::gpu::ObjectAttr>(a);
      auto target = llvm::dyn_cast<mlir::NVVM::NVVMTargetAttr>(object.getTarget());
      if (target && target.getChip() == gpuArch)
        os << object.getObject().getValue();
    }
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::registerPassManagerCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  neve::setToolVersionPrinter("neve-translate");
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv, "Neve compiler\n");
  if (optLevel > 3) {
    llvm::errs() << "error: -O takes 0, 1, 2 or 3\n";
    return 1;
  }
  if (diagFormat != "text" && diagFormat != "json") {
    llvm::errs() << "error: --diagnostics takes 'text' or 'json'\n";
    return 1;
  }
  // Before the program is checked: plugins and pattern files register
  // the roles that `@role` may declare.
  for (auto *plugins : {&passPlugins, &passPluginsF})
    for (const std::string &plugin : *plugins)
      if (llvm::Error err = loadPassPlugin(plugin)) {
        llvm::errs() << "neve-translate: error: "
                     << llvm::toString(std::move(err)) << "\n";
        return 1;
      }
  for (const std::string &file : fusionPatternFiles)
    if (llvm::Error err = loadFusionPatternFile(file, argv[0], llvm::errs())) {
      llvm::errs() << "neve-translate: error: "
                   << llvm::toString(std::move(err)) << "\n";
      return 1;
    }
  return compile(argv[0]);
}
