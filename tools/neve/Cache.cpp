//===- Cache.cpp - neve run's cache of compiled programs ------------------===//
//
// `neve run` executes the binaries it finds in its cache, so whoever can
// write there can run code as the user. The cache is therefore trusted only
// when it is private: the directory is the user's own real directory, not
// writable by anyone else, in a chain of directories that only the user or
// root can change (a world-writable parent counts only with the sticky bit,
// as /tmp has it); a cached binary is the user's own regular file, not
// writable by anyone else, and is rebuilt otherwise. Without a home
// directory the cache is ${TMPDIR:-/tmp}/neve-UID, created with mode 0700:
// a shared, predictable /tmp/neve would let another local user plant
// `prog-KEY` there for the victim to execute.
//
//===----------------------------------------------------------------------===//

#include "Cache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using namespace neve::driver;

static std::string nonEmptyEnv(const char *name) {
  std::optional<std::string> v = llvm::sys::Process::GetEnv(name);
  return v ? *v : std::string();
}

std::string neve::driver::cacheDirPath() {
  std::string dir = nonEmptyEnv("NEVE_CACHE_DIR");
  if (!dir.empty())
    return dir;
  llvm::SmallString<256> p;
  std::string xdg = nonEmptyEnv("XDG_CACHE_HOME");
  std::string home = nonEmptyEnv("HOME");
  if (!xdg.empty()) {
    p = xdg;
  } else if (!home.empty()) {
    p = home;
    path::append(p, ".cache");
  } else {
    // No home (a service, `env -i`): a per-user name under the temporary
    // directory, checked like any other cache directory.
    std::string tmp = nonEmptyEnv("TMPDIR");
    p = path::is_absolute(tmp) ? tmp : std::string("/tmp");
    path::append(p, "neve-" + std::to_string(geteuid()));
    return std::string(p);
  }
  path::append(p, "neve");
  return std::string(p);
}

static std::string octalMode(mode_t mode) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%04o", unsigned(mode & 07777));
  return buf;
}

/// Why \p st (of \p what) is not private to the effective user, or "".
static std::string notPrivate(const struct stat &st) {
  if (st.st_uid != geteuid())
    return "it is owned by uid " + std::to_string(st.st_uid) +
           ", not by you (uid " + std::to_string(geteuid()) + ")";
  if (st.st_mode & (S_IWGRP | S_IWOTH))
    return "it is writable by group or others (mode " +
           octalMode(st.st_mode) + ")";
  return "";
}

/// Why a directory above the cache lets someone else replace it, or "".
static std::string unsafeAncestor(const std::string &dir) {
  llvm::SmallString<256> real;
  if (fs::real_path(dir, real))
    return "";
  for (llvm::StringRef p = real; !p.empty(); p = path::parent_path(p)) {
    struct stat st;
    if (::stat(p.str().c_str(), &st) != 0)
      break;
    bool ownerOk = st.st_uid == 0 || st.st_uid == geteuid();
    bool writeOk = !(st.st_mode & (S_IWGRP | S_IWOTH)) ||
                   (st.st_mode & S_ISVTX);
    if (!ownerOk || !writeOk)
      return "the directory " + p.str() + " above it can be changed by " +
             "another user (owner uid " + std::to_string(st.st_uid) +
             ", mode " + octalMode(st.st_mode) + ")";
    if (p == path::parent_path(p))
      break;
  }
  return "";
}

std::string neve::driver::openCacheDir(const std::string &dir) {
  struct stat st;
  if (::lstat(dir.c_str(), &st) != 0) {
    if (errno != ENOENT)
      return std::strerror(errno);
    llvm::StringRef parent = path::parent_path(dir);
    if (!parent.empty())
      if (std::error_code ec = fs::create_directories(parent))
        return ec.message();
    // Private from the start; an existing one (a race) is checked below.
    if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
      return std::strerror(errno);
    if (::lstat(dir.c_str(), &st) != 0)
      return std::strerror(errno);
  }
  if (S_ISLNK(st.st_mode))
    return "it is a symbolic link";
  if (!S_ISDIR(st.st_mode))
    return "it is not a directory";
  std::string why = notPrivate(st);
  if (why.empty())
    why = unsafeAncestor(dir);
  return why;
}

std::string neve::driver::untrustedBinary(llvm::StringRef file) {
  struct stat st;
  if (::lstat(file.str().c_str(), &st) != 0)
    return std::strerror(errno);
  if (!S_ISREG(st.st_mode))
    return "it is not a regular file";
  return notPrivate(st);
}

std::string neve::driver::fileIdentity(llvm::StringRef file) {
  fs::file_status st;
  if (fs::status(file, st))
    return "";
  return file.str() + ":" + std::to_string(st.getSize()) + ":" +
         std::to_string(
             st.getLastModificationTime().time_since_epoch().count());
}

bool neve::driver::depsUnchanged(llvm::StringRef depsPath) {
  auto deps = llvm::MemoryBuffer::getFile(depsPath);
  if (!deps)
    return false;
  llvm::SmallVector<llvm::StringRef> lines;
  (*deps)->getBuffer().split(lines, '\n', -1, /*KeepEmpty=*/false);
  // Every program has at least its own file: an empty record (a crash
  // while writing it, a truncated file) proves nothing.
  if (lines.empty())
    return false;
  for (llvm::StringRef line : lines) {
    llvm::StringRef file = line.rsplit(':').first.rsplit(':').first;
    if (file.empty() || fileIdentity(file) != line)
      return false;
  }
  return true;
}
