//===- neve.cpp - The Neve driver -----------------------------------------===//
//
//   neve run FILE.nv [args...]    compile (cached) and run; the program's exit
//                                 status is neve's
//   neve run -l NAME -L DIR FILE.nv [args...]
//                                 the same, linking libNAME (for `proto`
//                                 functions) found in DIR
//   neve build FILE.nv [-o BIN]   compile to an executable
//   neve clean                    empty the cache (what it made, nothing else)
//
// The driver has no MLIR in it: it calls neve-translate next to it and caches
// the executables under $NEVE_CACHE_DIR (default $XDG_CACHE_HOME/neve,
// ~/.cache/neve, or ${TMPDIR:-/tmp}/neve-UID without a home), keyed by the
// source text and the compiler's identity. It runs a cached executable only
// from a private directory and only when it is the user's own, unwritable by
// others (lib/Support/Cache.cpp). The cache, with neve-translate's compiled
// kernels, is kept under $NEVE_CACHE_MAX bytes (default 2 GiB) by removing
// the least recently used files before each compile.
//
//===----------------------------------------------------------------------===//

#include "neve/Support/Cache.h"
#include "neve/Support/SourceFile.h"
#include "neve/Support/ToolVersion.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cerrno>
#include <cstring>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

static void usage() {
  llvm::errs() << "usage: neve run [-v] [-g] [-f[no-]device-checks] [-f[no-]color-diagnostics] [-l NAME] [-L DIR] [-O0..3] [-fno-fuse] [-ffuse=P,...] [-fptx-only] [-Rpass=neve-fuse] [-fpass-plugin=SO] [--load-dialect-plugin=SO] [-ffusion-patterns=PDLL] [--gpu-arch=sm_NN] FILE.nv [args...]\n"
                  "       neve build FILE.nv [-o BIN] [neve-translate options]\n"
                  "       neve clean\n"
                  "       neve --version\n";
}

/// neve-translate in the same directory as this driver.
static std::string siblingTool(const char *argv0, llvm::StringRef name) {
  std::string exe =
      fs::getMainExecutable(argv0, reinterpret_cast<void *>(&usage));
  llvm::SmallString<256> p(path::parent_path(exe));
  path::append(p, name);
  return std::string(p);
}

/// Appends the size and modification time of `file` to `hash`.
static void hashFileIdentity(llvm::SHA256 &hash, llvm::StringRef file) {
  hash.update(neve::cache::fileIdentity(file));
}

static int runTool(llvm::StringRef tool, llvm::ArrayRef<std::string> args) {
  llvm::SmallVector<llvm::StringRef> refs(args.begin(), args.end());
  std::string err;
  int rc = llvm::sys::ExecuteAndWait(tool, refs, std::nullopt, {}, 0, 0, &err);
  if (rc < 0)
    llvm::errs() << "neve: cannot run " << tool << ": " << err << "\n";
  return rc;
}

/// The file of a `-fpass-plugin=`, `--load-pass-plugin=`,
/// `--load-dialect-plugin=` or `-ffusion-patterns=` option, or nullopt for
/// another argument.
static std::optional<std::string> pluginFile(llvm::StringRef arg) {
  for (llvm::StringRef prefix :
       {"-fpass-plugin=", "--load-pass-plugin=", "--load-dialect-plugin=",
        "-ffusion-patterns="})
    if (arg.starts_with(prefix))
      return arg.drop_front(prefix.size()).str();
  return std::nullopt;
}

/// `neve run` options before the file: `-l NAME`, `-lNAME`, `-L DIR`,
/// `-LDIR` (libraries for `proto` functions, §3.8), and the compiler's
/// `-O0`..`-O3`, `-fno-fuse`, `-ffuse=P,...`, `-Rpass=neve-fuse`,
/// `--gpu-arch=sm_NN`, `-v`, `-g`, `-fdevice-checks`, `-fno-device-checks`,
/// `-fptx-only`,
/// `-fcolor-diagnostics`, `-fno-color-diagnostics`, and the plugins and
/// pattern files of pluginFile. Returns the number of
/// arguments consumed, or -1 after reporting a bad option.
static int parseRunOptions(int argc, char **argv,
                           std::vector<std::string> &linkArgs) {
  int i = 0;
  while (i < argc) {
    llvm::StringRef arg = argv[i];
    if (arg == "--") {
      ++i;
      break;
    }
    if (!arg.starts_with("-") || arg.size() < 2)
      break;
    char flag = arg[1];
    // compiler options, passed to neve-translate as they are
    if (arg == "-fno-fuse" || arg.starts_with("-ffuse=") ||
        arg.starts_with("-Rpass=") || arg.starts_with("--gpu-arch=") ||
        arg == "-v" || arg == "-g" ||
        arg == "-fcolor-diagnostics" || arg == "-fno-color-diagnostics" ||
        arg == "-fdevice-checks" || arg == "-fno-device-checks" ||
        arg == "-fptx-only" ||
        (arg.size() == 3 && flag == 'O' && arg[2] >= '0' && arg[2] <= '3')) {
      linkArgs.push_back(arg.str());
      ++i;
      continue;
    }
    // plugins and fusion pattern files: absolute, since the cache key
    // holds the option (and the file's identity, cmdRun)
    if (std::optional<std::string> file = pluginFile(arg)) {
      llvm::SmallString<256> abs(*file);
      fs::make_absolute(abs);
      linkArgs.push_back(arg.take_front(arg.find('=') + 1).str() +
                         std::string(abs));
      ++i;
      continue;
    }
    if (flag != 'l' && flag != 'L') {
      llvm::errs() << "neve: unknown option '" << arg << "' before the file\n";
      return -1;
    }
    std::string value = arg.drop_front(2).str();
    if (value.empty()) {
      if (i + 1 >= argc) {
        llvm::errs() << "neve: '" << arg << "' needs a value\n";
        return -1;
      }
      value = argv[++i];
    }
    if (flag == 'L') {
      // The cached binary runs from elsewhere: make the directory absolute.
      llvm::SmallString<256> abs(value);
      fs::make_absolute(abs);
      value = std::string(abs);
    }
    linkArgs.push_back(std::string("-") + flag + value);
    ++i;
  }
  return i;
}

static int cmdRun(const char *argv0, int argc, char **argv) {
  std::vector<std::string> linkArgs;
  int consumed = parseRunOptions(argc, argv, linkArgs);
  if (consumed < 0)
    return 2;
  argc -= consumed;
  argv += consumed;
  if (argc < 1) {
    usage();
    return 2;
  }
  std::string source = argv[0];
  auto buffer = neve::readSourceFile(source);
  if (!buffer) {
    llvm::errs() << "neve: " << llvm::toString(buffer.takeError()) << "\n";
    return 1;
  }
  std::string translate = siblingTool(argv0, "neve-translate");
  llvm::SHA256 hash;
  hash.update((*buffer)->getBuffer());
  llvm::SmallString<256> absSource(source);
  fs::make_absolute(absSource);
  hash.update(absSource); // diagnostics and run-time errors name the file
  bool verbose = llvm::is_contained(linkArgs, "-v");
  for (const std::string &a : linkArgs) {
    // say more, or in colour; build the same
    if (a == "-v" || a == "-fcolor-diagnostics" ||
        a == "-fno-color-diagnostics")
      continue;
    hash.update(a + "\n");
    // A rebuilt plugin or an edited pattern file means a new build.
    if (std::optional<std::string> file = pluginFile(a))
      hashFileIdentity(hash, *file);
    // A rebuilt library in a -L directory (a static one is copied into the
    // program) means a new build.
    if (llvm::StringRef(a).starts_with("-L"))
      for (const std::string &l : linkArgs)
        if (llvm::StringRef(l).starts_with("-l"))
          for (const char *ext : {".so", ".a"})
            hashFileIdentity(hash, a.substr(2) + "/lib" + l.substr(2) + ext);
  }
  hashFileIdentity(hash, translate);
  if (auto rt = llvm::sys::Process::GetEnv("NEVE_RUNTIME_LIB"))
    hashFileIdentity(hash, *rt);
  else
    hashFileIdentity(hash, siblingTool(argv0, "../lib/libneve_runtime.a"));
  std::string key = llvm::toHex(hash.final(), /*LowerCase=*/true).substr(0, 24);

  std::string dir = neve::cache::cacheDirPath();
  std::string refused = neve::cache::openCacheDir(dir);
  if (!refused.empty()) {
    llvm::errs() << "neve: refusing the cache directory " << dir << ": "
                 << refused
                 << " (programs run from it could be replaced; remove it or "
                    "set NEVE_CACHE_DIR to a directory of your own)\n";
    return 1;
  }
  llvm::SmallString<256> binary(dir);
  path::append(binary, path::stem(source) + "-" + key);
  std::string depsPath = std::string(binary) + ".deps";
  // A cached binary someone else could have written is compiled again.
  bool trusted = fs::exists(binary) &&
                 neve::cache::untrustedBinary(binary).empty();
  if (!trusted || !neve::cache::depsUnchanged(depsPath)) {
    // Compile to a temporary name, then rename: concurrent runs never see a
    // half-written binary.
    std::string tmp = std::string(binary) + ".tmp" +
                      std::to_string(::getpid());
    std::string tmpDeps = tmp + ".deps";
    // The compile can take seconds: say why nothing happens yet.
    llvm::errs() << "compiling " << source << "...\n";
    // Room for what this compile adds (pruning afterwards could take the
    // program about to run).
    neve::cache::prune(dir, neve::cache::sizeLimit());
    std::vector<std::string> args = {translate, source, "-o", tmp,
                                     "--deps-file=" + tmpDeps};
    args.insert(args.end(), linkArgs.begin(), linkArgs.end());
    int rc = runTool(translate, args);
    if (rc != 0) {
      fs::remove(tmp);
      fs::remove(tmpDeps);
      return rc < 0 ? 1 : rc;
    }
    // Whatever the umask, nobody else may write what will be executed.
    struct stat st;
    if (::stat(tmp.c_str(), &st) == 0)
      ::chmod(tmp.c_str(), st.st_mode & ~mode_t(S_IWGRP | S_IWOTH));
    if (auto ec = fs::rename(tmpDeps, depsPath)) {
      llvm::errs() << "neve: cannot store " << depsPath << ": "
                   << ec.message() << "\n";
      return 1;
    }
    if (auto ec = fs::rename(tmp, binary)) {
      llvm::errs() << "neve: cannot store " << binary << ": " << ec.message()
                   << "\n";
      return 1;
    }
  } else {
    if (verbose)
      llvm::errs() << "neve: " << source << " unchanged, running "
                   << std::string(binary) << "\n";
    // Recently used: pruning removes the oldest programs first.
    int fd;
    if (!fs::openFileForWrite(depsPath, fd, fs::CD_OpenExisting,
                              fs::OF_Append)) {
      (void)fs::setLastAccessAndModificationTime(
          fd, std::chrono::system_clock::now());
      ::close(fd);
    }
  }
  std::string bin(binary);
  std::string why = neve::cache::untrustedBinary(bin);
  if (!why.empty()) {
    llvm::errs() << "neve: refusing to run " << bin << ": " << why << "\n";
    return 1;
  }
  // Replace this process: the program's exit status and signals are ours.
  std::vector<char *> args;
  args.push_back(const_cast<char *>(source.c_str()));
  for (int i = 1; i < argc; ++i)
    args.push_back(argv[i]);
  args.push_back(nullptr);
  ::execv(bin.c_str(), args.data());
  llvm::errs() << "neve: cannot execute " << bin << ": " << strerror(errno)
               << "\n";
  return 1;
}

/// `neve clean`: removes what the cache holds (programs, kernels, host
/// objects), never a file it did not make.
static int cmdClean(int argc) {
  if (argc != 0) {
    usage();
    return 2;
  }
  std::string dir = neve::cache::cacheDirPath();
  if (!fs::is_directory(dir)) {
    llvm::outs() << "neve: the cache " << dir << " is empty\n";
    return 0;
  }
  std::string refused = neve::cache::openCacheDir(dir);
  if (!refused.empty()) {
    llvm::errs() << "neve: not cleaning " << dir << ": " << refused << "\n";
    return 1;
  }
  neve::cache::PruneResult r = neve::cache::prune(dir, 0);
  llvm::outs() << "neve: removed " << r.filesRemoved << " files ("
               << (r.bytesRemoved + 1023) / 1024 << " KiB) from " << dir
               << "\n";
  return 0;
}

static int cmdBuild(const char *argv0, int argc, char **argv) {
  if (argc < 1) {
    usage();
    return 2;
  }
  std::string translate = siblingTool(argv0, "neve-translate");
  std::vector<std::string> args = {translate};
  for (int i = 0; i < argc; ++i)
    args.push_back(argv[i]);
  int rc = runTool(translate, args);
  return rc < 0 ? 1 : rc;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage();
    return 2;
  }
  llvm::StringRef cmd = argv[1];
  if (cmd == "run")
    return cmdRun(argv[0], argc - 2, argv + 2);
  if (cmd == "build")
    return cmdBuild(argv[0], argc - 2, argv + 2);
  if (cmd == "clean")
    return cmdClean(argc - 2);
  if (cmd == "--version" || cmd == "version") {
    neve::printToolVersion(llvm::outs(), "neve");
    return 0;
  }
  if (cmd == "-h" || cmd == "--help" || cmd == "help") {
    usage();
    return 0;
  }
  llvm::errs() << "neve: unknown command '" << cmd << "'\n";
  usage();
  return 2;
}
