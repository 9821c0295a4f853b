//===- ModuleLoader.cpp - Imports and the prelude -------------------------===//

#include "neve/Frontend/ModuleLoader.h"
#include "neve/Frontend/PackageManifest.h"
#include "neve/Frontend/Parser.h"
#include "neve/Support/SourceFile.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <set>

using namespace neve;

std::vector<std::string> neve::splitSearchPath(llvm::StringRef path) {
  llvm::SmallVector<llvm::StringRef> parts;
  path.split(parts, ':', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  return std::vector<std::string>(parts.begin(), parts.end());
}

std::string neve::defaultLibsDir(const char *argv0, void *mainAddr) {
  // An installation keeps the packages in PREFIX/share/neve; the build tree
  // links them under build/lib/neve.
  std::string exe = llvm::sys::fs::getMainExecutable(argv0, mainAddr);
  llvm::SmallString<256> dir(llvm::sys::path::parent_path(exe));
  llvm::sys::path::append(dir, "..", "share", "neve");
  if (!llvm::sys::fs::is_directory(dir)) {
    dir = llvm::sys::path::parent_path(exe);
    llvm::sys::path::append(dir, "..", "lib", "neve");
  }
  // $NEVE_LIBS comes first, so that its packages (and its std_lib) win.
  std::optional<std::string> env = llvm::sys::Process::GetEnv("NEVE_LIBS");
  if (env && !splitSearchPath(*env).empty())
    return *env + ":" + std::string(dir);
  return std::string(dir);
}

namespace {
class Loader {
public:
  Loader(llvm::SourceMgr &sm, DiagEngine &diag, const LoadOptions &options,
         Program &program)
      : sm(sm), diag(diag), options(options), program(program),
        searchPath(splitSearchPath(options.libsDir)) {}

  Module *parseBuffer(unsigned id, const std::string &realPath,
                      bool isLibrary) {
    Parser parser(sm, id, diag);
    std::unique_ptr<Module> m = parser.parseModule();
    m->bufferID = id;
    m->isLibrary = isLibrary;
    Module *raw = m.get();
    program.modules.push_back(std::move(m));
    loaded[realPath] = raw;
    queue.push_back(raw);
    return raw;
  }

  /// Loads `path` unless it was loaded before; reports I/O errors at `loc`.
  /// The first load decides whether it belongs to a library (§2.1).
  Module *loadFile(const std::string &path, llvm::SMLoc loc, bool isLibrary) {
    llvm::SmallString<256> real;
    if (llvm::sys::fs::real_path(path, real))
      real = path;
    auto it = loaded.find(std::string(real));
    if (it != loaded.end())
      return it->second;
    // Regular files of at most 64 MiB: an import of /dev/zero or a FIFO is
    // an error, not a read that never ends.
    auto buffer = readSourceFile(path);
    if (!buffer) {
      diag.error(loc, llvm::toString(buffer.takeError()));
      return nullptr;
    }
    unsigned id = sm.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
    return parseBuffer(id, std::string(real), isLibrary);
  }

  void resolveImport(Module &from, ImportDecl &imp) {
    llvm::SmallString<256> local(llvm::sys::path::parent_path(from.fileName));
    for (const std::string &part : imp.path)
      llvm::sys::path::append(local, part);
    local += ".nv";
    std::vector<std::string> tried = {std::string(local)};
    std::string chosen, packageDir;
    // A module beside the importer belongs where the importer does; an
    // installed package (found on the search path) is a library.
    bool isLibrary = from.isLibrary;
    if (llvm::sys::fs::is_regular_file(local))
      chosen = std::string(local);
    for (size_t i = 0; chosen.empty() && i < searchPath.size(); ++i) {
      llvm::SmallString<256> dir(searchPath[i]);
      for (const std::string &part : imp.path)
        llvm::sys::path::append(dir, part);
      llvm::SmallString<256> pkg(dir);
      llvm::sys::path::append(pkg, "include.nv");
      tried.push_back(std::string(pkg));
      if (llvm::sys::fs::is_regular_file(pkg)) {
        chosen = std::string(pkg);
        packageDir = std::string(dir);
        isLibrary = true;
      }
    }
    if (chosen.empty()) {
      std::string places;
      for (size_t i = 0; i < tried.size(); ++i)
        places += (i == 0 ? "'" : i + 1 == tried.size() ? "' nor '" : "', '") +
                  tried[i];
      if (searchPath.empty())
        places += "' nor '$NEVE_LIBS/...";
      diag.error(imp.loc, "cannot find module '" + imp.dottedName() +
                              "': neither " + places + "' exists");
      return;
    }
    imp.resolvedPath = chosen;
    if (!packageDir.empty())
      readManifest(packageDir, imp);
    loadFile(chosen, imp.loc, isLibrary);
  }

  /// The package's neve-package.json, if it has one (§11.9), read once
  /// per package; its native libraries join the program's.
  void readManifest(const std::string &packageDir, ImportDecl &imp) {
    if (!manifestsRead.insert(packageDir).second)
      return;
    llvm::SmallString<256> path(packageDir);
    llvm::sys::path::append(path, "neve-package.json");
    if (!llvm::sys::fs::exists(path))
      return;
    auto buffer = readSourceFile(std::string(path));
    if (!buffer) {
      diag.error(imp.loc, "package '" + imp.dottedName() + "': " +
                              llvm::toString(buffer.takeError()));
      return;
    }
    PackageManifest manifest;
    std::string error;
    if (!parsePackageManifest((*buffer)->getBuffer(), packageDir,
                              imp.dottedName(), manifest, error)) {
      diag.error(imp.loc, "package '" + imp.dottedName() + "': invalid " +
                              std::string(path) + ": " + error);
      return;
    }
    auto addOnce = [](std::vector<std::string> &to, const std::string &v) {
      if (std::find(to.begin(), to.end(), v) == to.end())
        to.push_back(v);
    };
    for (const std::string &lib : manifest.libs)
      addOnce(program.nativeLibs, lib);
    for (const std::string &dir : manifest.libDirs)
      addOnce(program.nativeLibDirs, dir);
  }

  bool run(unsigned mainID) {
    unsigned before = diag.numErrors();
    const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(mainID);
    llvm::SmallString<256> real;
    if (llvm::sys::fs::real_path(buf->getBufferIdentifier(), real))
      real = buf->getBufferIdentifier();
    Module *mainModule = parseBuffer(mainID, std::string(real),
                                     /*isLibrary=*/false);
    program.main = mainModule;
    if (options.prelude) {
      // the first std_lib of the search path
      for (const std::string &dir : searchPath) {
        llvm::SmallString<256> prelude(dir);
        llvm::sys::path::append(prelude, "std_lib", "include.nv");
        if (llvm::sys::fs::is_regular_file(prelude)) {
          this->prelude = loadFile(std::string(prelude), llvm::SMLoc(),
                                   /*isLibrary=*/true);
          break;
        }
      }
    }
    while (!queue.empty()) {
      Module *m = queue.front();
      queue.pop_front();
      for (auto &imp : m->imports)
        resolveImport(*m, *imp);
      if (m != mainModule && m->main) {
        diag.error(m->main->loc, "only the file named on the command line "
                                 "may have a 'main' block");
      }
    }
    spliceOrder();
    return diag.numErrors() == before;
  }

private:
  /// Orders the modules as if every import were replaced by the imported
  /// text (§2.2): the prelude first, then depth-first, each module after the
  /// modules it imports. Declaration order and `_prebuild` order follow it.
  void spliceOrder() {
    std::vector<std::unique_ptr<Module>> ordered;
    std::map<Module *, std::unique_ptr<Module> *> owner;
    for (auto &m : program.modules)
      owner[m.get()] = &m;
    std::set<Module *> seen;
    // Depth-first with an explicit stack: an import chain may be as long
    // as there are files.
    struct Frame {
      Module *m;
      size_t next = 0;
    };
    std::vector<Frame> stack;
    auto visit = [&](Module *root) {
      if (!root || !seen.insert(root).second)
        return;
      stack.push_back({root});
      while (!stack.empty()) {
        Module *m = stack.back().m;
        size_t i = stack.back().next++;
        if (i == m->imports.size()) {
          ordered.push_back(std::move(*owner[m]));
          stack.pop_back();
          continue;
        }
        auto &imp = m->imports[i];
        if (imp->resolvedPath.empty())
          continue;
        llvm::SmallString<256> real;
        if (llvm::sys::fs::real_path(imp->resolvedPath, real))
          real = imp->resolvedPath;
        auto it = loaded.find(std::string(real));
        if (it != loaded.end() && it->second && seen.insert(it->second).second)
          stack.push_back({it->second});
      }
    };
    visit(prelude);
    visit(program.main);
    for (auto &m : program.modules)
      if (m)
        ordered.push_back(std::move(m)); // unreachable: keep, order irrelevant
    program.modules = std::move(ordered);
  }


  llvm::SourceMgr &sm;
  DiagEngine &diag;
  const LoadOptions &options;
  Program &program;
  std::map<std::string, Module *> loaded;
  std::deque<Module *> queue;
  Module *prelude = nullptr;
  /// The package directories, in search order.
  std::vector<std::string> searchPath;
  /// Package directories whose manifest was read.
  std::set<std::string> manifestsRead;
};
} // namespace

bool neve::loadProgram(llvm::SourceMgr &sm, unsigned mainID, DiagEngine &diag,
                       const LoadOptions &options, Program &program) {
  return Loader(sm, diag, options, program).run(mainID);
}
