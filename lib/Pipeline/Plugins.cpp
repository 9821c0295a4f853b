//===- Plugins.cpp - Loading plugins and fusion pattern files -------------===//

#include "neve/Pipeline/Plugins.h"

#include "neve/Dialect/Neve/Transforms/Fusion.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

#include <cstring>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

using llvm::createStringError;

/// Refuses a path that names no readable regular file, with the reason.
static llvm::Error checkFile(llvm::StringRef what, llvm::StringRef file) {
  if (file.empty())
    return createStringError("%s: no file given", what.str().c_str());
  fs::file_status status;
  if (std::error_code ec = fs::status(file, status))
    return createStringError("cannot load %s '%s': %s", what.str().c_str(),
                             file.str().c_str(), ec.message().c_str());
  if (!fs::is_regular_file(status))
    return createStringError("cannot load %s '%s': not a regular file",
                             what.str().c_str(), file.str().c_str());
  return llvm::Error::success();
}

/// The error of a plugin that did not load. MLIR's message for a library
/// without the entry point ("Plugin entry point not found in 'FILE") says
/// less than it could; say which symbol is missing.
static llvm::Error pluginError(llvm::StringRef what, llvm::StringRef entry,
                               llvm::StringRef file, llvm::Error err) {
  std::string why = llvm::toString(std::move(err));
  if (llvm::StringRef(why).starts_with("Plugin entry point not found"))
    why = ("it does not define " + entry + " (is it a " + what +
           " built against MLIR 22?)")
              .str();
  return createStringError("cannot load %s '%s': %s", what.str().c_str(),
                           file.str().c_str(), why.c_str());
}

llvm::Error neve::loadPassPlugin(llvm::StringRef file) {
  if (llvm::Error e = checkFile("pass plugin", file))
    return e;
  llvm::Expected<mlir::PassPlugin> plugin = mlir::PassPlugin::load(file.str());
  if (!plugin)
    return pluginError("pass plugin", "mlirGetPassPluginInfo", file,
                       plugin.takeError());
  plugin->registerPassRegistryCallbacks();
  return llvm::Error::success();
}

llvm::Error neve::loadDialectPlugin(llvm::StringRef file,
                                    mlir::DialectRegistry &registry) {
  if (llvm::Error e = checkFile("dialect plugin", file))
    return e;
  llvm::Expected<mlir::DialectPlugin> plugin =
      mlir::DialectPlugin::load(file.str());
  if (!plugin)
    return pluginError("dialect plugin", "mlirGetDialectPluginInfo", file,
                       plugin.takeError());
  plugin->registerDialectRegistryCallbacks(registry);
  return llvm::Error::success();
}

/// mlir-pdll: $NEVE_MLIR_PDLL, else LLVM 22's, else one on PATH.
static llvm::Expected<std::string> findMlirPdll() {
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("NEVE_MLIR_PDLL")) {
    if (!fs::can_execute(*env))
      return createStringError("NEVE_MLIR_PDLL=%s is not an executable",
                               env->c_str());
    return *env;
  }
  llvm::SmallString<256> llvm22(NEVE_LLVM_TOOLS_DIR);
  path::append(llvm22, "mlir-pdll");
  if (fs::can_execute(llvm22))
    return std::string(llvm22);
  for (const char *name : {"mlir-pdll-22", "mlir-pdll"})
    if (llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName(name))
      return *found;
  return createStringError(
      "mlir-pdll (LLVM 22's PDLL compiler) is in neither %s nor PATH: "
      "install Debian's mlir-22-tools, set NEVE_MLIR_PDLL, or give PDL IR "
      "(`mlir-pdll -x mlir FILE.pdll -o FILE.mlir`)",
      NEVE_LLVM_TOOLS_DIR);
}

/// Compiles the PDLL file \p file to PDL IR with mlir-pdll; its own errors
/// go to stderr as it writes them.
static llvm::Expected<std::string> compilePdll(llvm::StringRef file,
                                               const char *argv0) {
  llvm::Expected<std::string> pdll = findMlirPdll();
  if (!pdll)
    return createStringError("cannot compile '%s': %s", file.str().c_str(),
                             llvm::toString(pdll.takeError()).c_str());
  // Neve's include directory: bin/../include, where the SDK installs
  // Fusion.pdll (the build tree has a copy in build/include).
  std::string exe =
      fs::getMainExecutable(argv0, reinterpret_cast<void *>(&findMlirPdll));
  llvm::SmallString<256> include(path::parent_path(path::parent_path(exe)));
  path::append(include, "include");
  llvm::SmallString<256> own(path::parent_path(file));
  if (own.empty())
    own = ".";
  llvm::SmallString<128> out;
  if (std::error_code ec = fs::createTemporaryFile("neve-pdl", "mlir", out))
    return createStringError("cannot compile '%s': %s", file.str().c_str(),
                             ec.message().c_str());
  llvm::scope_exit removeOut([&] { fs::remove(out); });
  llvm::SmallVector<llvm::StringRef> args = {
      *pdll, file, "-x",    "mlir", "-I",
      own,   "-I", include, "-I",   NEVE_MLIR_INCLUDE_DIR,
      "-o",  out};
  std::string err;
  int rc = llvm::sys::ExecuteAndWait(*pdll, args, std::nullopt, {}, 0, 0, &err);
  if (rc != 0)
    return createStringError("mlir-pdll could not compile '%s'%s%s",
                             file.str().c_str(), err.empty() ? "" : ": ",
                             err.c_str());
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> text =
      llvm::MemoryBuffer::getFile(out);
  if (!text)
    return createStringError("cannot read what mlir-pdll wrote for '%s': %s",
                             file.str().c_str(),
                             text.getError().message().c_str());
  return (*text)->getBuffer().str();
}

llvm::Error neve::loadFusionPatternFile(llvm::StringRef file, const char *argv0,
                                        llvm::raw_ostream &os) {
  if (llvm::Error e = checkFile("fusion patterns", file))
    return e;
  std::string text;
  if (file.ends_with(".pdll")) {
    llvm::Expected<std::string> compiled = compilePdll(file, argv0);
    if (!compiled)
      return compiled.takeError();
    text = std::move(*compiled);
  } else {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(file);
    if (!buffer)
      return createStringError("cannot read fusion patterns '%s': %s",
                               file.str().c_str(),
                               buffer.getError().message().c_str());
    text = (*buffer)->getBuffer().str();
  }
  if (mlir::failed(mlir::neve::registerPdlFusionPatterns(text, file, os)))
    return createStringError("cannot load the fusion patterns of '%s'",
                             file.str().c_str());
  return llvm::Error::success();
}

/// The value of `--NAME=V`, `-NAME=V` or `--NAME V` at argv[i] (advancing i
/// over a separate value), or nullopt when argv[i] is another argument.
static std::optional<std::string> optionValue(llvm::StringRef name, int &i,
                                              int argc, char **argv) {
  llvm::StringRef arg = argv[i];
  if (!arg.consume_front("--") && !arg.consume_front("-"))
    return std::nullopt;
  if (!arg.consume_front(name))
    return std::nullopt;
  if (arg.consume_front("="))
    return arg.str();
  if (!arg.empty())
    return std::nullopt;
  if (i + 1 >= argc)
    return std::string();
  return std::string(argv[++i]);
}

bool neve::loadPluginArguments(int &argc, char **argv,
                               mlir::DialectRegistry &registry,
                               llvm::StringRef tool) {
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    std::optional<llvm::Error> err;
    if (auto file = optionValue("load-pass-plugin", i, argc, argv))
      err.emplace(loadPassPlugin(*file));
    else if (auto file = optionValue("load-dialect-plugin", i, argc, argv))
      err.emplace(loadDialectPlugin(*file, registry));
    else if (auto file = optionValue("ffusion-patterns", i, argc, argv))
      err.emplace(loadFusionPatternFile(*file, argv[0], llvm::errs()));
    else {
      argv[kept++] = argv[i];
      continue;
    }
    if (*err) {
      llvm::errs() << tool << ": error: " << llvm::toString(std::move(*err))
                   << "\n";
      return false;
    }
  }
  argc = kept;
  argv[argc] = nullptr;
  return true;
}
