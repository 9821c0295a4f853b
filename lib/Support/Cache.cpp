//===- Cache.cpp - The per-user cache of compiled code --------------------===//
//
// `neve run` executes the binaries it finds in its cache, and neve-translate
// links the kernels and objects it finds there into programs, so whoever can
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
// Entries (compiled kernels, host objects) are files `KIND/KEY.nvc`: a text
// header line `NEVECACHE1 KIND KEY SIZE SHA256` and the payload. A reader
// checks all of it, so an entry cut short by a full disk or altered by hand
// is compiled again rather than used. Writers rename a private temporary
// file into place, so concurrent compiles see an old entry or a new one.
//
//===----------------------------------------------------------------------===//

#include "neve/Support/Cache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SHA256.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <vector>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using namespace neve::cache;

static std::string nonEmptyEnv(const char *name) {
  std::optional<std::string> v = llvm::sys::Process::GetEnv(name);
  return v ? *v : std::string();
}

std::string neve::cache::cacheDirPath() {
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

std::string neve::cache::openCacheDir(const std::string &dir) {
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

std::string neve::cache::untrustedBinary(llvm::StringRef file) {
  struct stat st;
  if (::lstat(file.str().c_str(), &st) != 0)
    return std::strerror(errno);
  if (!S_ISREG(st.st_mode))
    return "it is not a regular file";
  return notPrivate(st);
}

std::string neve::cache::fileIdentity(llvm::StringRef file) {
  fs::file_status st;
  if (fs::status(file, st))
    return "";
  return file.str() + ":" + std::to_string(st.getSize()) + ":" +
         std::to_string(
             st.getLastModificationTime().time_since_epoch().count());
}

bool neve::cache::depsUnchanged(llvm::StringRef depsPath) {
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

//===----------------------------------------------------------------------===//
// Entries
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kMagic = "NEVECACHE1";

/// Keys and kinds name files: lowercase hex digits and letters only, so
/// that neither can leave the cache directory.
static bool safeName(llvm::StringRef s) {
  return !s.empty() && s.size() <= 128 &&
         llvm::all_of(s, [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
         });
}

static std::string entryPath(llvm::StringRef dir, llvm::StringRef kind,
                             llvm::StringRef key) {
  llvm::SmallString<256> p(dir);
  path::append(p, kind, key + ".nvc");
  return std::string(p);
}

static std::string sha256Hex(llvm::StringRef bytes) {
  return llvm::toHex(llvm::SHA256::hash(llvm::arrayRefFromStringRef(bytes)),
                     /*LowerCase=*/true);
}

Entry neve::cache::readEntry(llvm::StringRef dir, llvm::StringRef kind,
                             llvm::StringRef key) {
  Entry entry;
  if (!safeName(kind) || !safeName(key))
    return entry;
  std::string file = entryPath(dir, kind, key);
  if (!fs::exists(file))
    return entry;
  if (!untrustedBinary(file).empty()) {
    entry.status = Lookup::Untrusted;
    return entry;
  }
  auto buffer = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  entry.status = Lookup::Corrupt;
  if (!buffer)
    return entry;
  llvm::StringRef data = (*buffer)->getBuffer();
  auto [header, payload] = data.split('\n');
  llvm::SmallVector<llvm::StringRef, 6> fields;
  header.split(fields, ' ');
  uint64_t size = 0;
  if (fields.size() != 5 || fields[0] != kMagic || fields[1] != kind ||
      fields[2] != key || fields[3].getAsInteger(10, size) ||
      size != payload.size() || fields[4] != sha256Hex(payload))
    return entry;
  entry.status = Lookup::Hit;
  entry.payload = payload.str();
  // Recently used: pruning removes the oldest first.
  int fd;
  if (!fs::openFileForWrite(file, fd, fs::CD_OpenExisting, fs::OF_Append)) {
    (void)fs::setLastAccessAndModificationTime(
        fd, std::chrono::system_clock::now());
    ::close(fd);
  }
  return entry;
}

std::string neve::cache::writeEntry(llvm::StringRef dir, llvm::StringRef kind,
                                    llvm::StringRef key,
                                    llvm::StringRef payload) {
  if (!safeName(kind) || !safeName(key))
    return "invalid cache key";
  llvm::SmallString<256> sub(dir);
  path::append(sub, kind);
  if (::mkdir(sub.c_str(), 0700) != 0 && errno != EEXIST)
    return "cannot create " + std::string(sub) + ": " + std::strerror(errno);
  std::string file = entryPath(dir, kind, key);
  // Unique per process and per call: threads of one compile store entries
  // concurrently.
  static std::atomic<unsigned> serial{0};
  std::string tmp = file + ".tmp" + std::to_string(::getpid()) + "." +
                    std::to_string(serial++);
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    return "cannot create " + tmp + ": " + std::strerror(errno);
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << kMagic << ' ' << kind << ' ' << key << ' ' << payload.size() << ' '
       << sha256Hex(payload) << '\n'
       << payload;
    os.close();
    if (os.has_error()) {
      std::string why = os.error().message();
      os.clear_error();
      fs::remove(tmp);
      return "cannot write " + tmp + ": " + why;
    }
  }
  if (std::error_code ec = fs::rename(tmp, file)) {
    fs::remove(tmp);
    return "cannot store " + file + ": " + ec.message();
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Size bound
//===----------------------------------------------------------------------===//

uint64_t neve::cache::sizeLimit() {
  constexpr uint64_t kDefault = uint64_t(2) << 30;
  std::string v = nonEmptyEnv("NEVE_CACHE_MAX");
  if (v.empty())
    return kDefault;
  llvm::StringRef s(v);
  uint64_t scale = 1;
  switch (s.back()) {
  case 'K': case 'k': scale = uint64_t(1) << 10; break;
  case 'M': case 'm': scale = uint64_t(1) << 20; break;
  case 'G': case 'g': scale = uint64_t(1) << 30; break;
  default: break;
  }
  if (scale != 1)
    s = s.drop_back();
  uint64_t n;
  if (s.getAsInteger(10, n))
    return kDefault;
  return n * scale;
}

namespace {
/// Files that go together: an executable and its deps record.
struct Group {
  std::vector<std::string> files;
  uint64_t bytes = 0;
  std::chrono::system_clock::time_point lastUse{};
  bool temporary = false;
};
} // namespace

/// The group a cache file belongs to, or "" for a file the cache did not
/// create (left alone). Sets \p temporary for leftovers of a compile.
static std::string groupOf(llvm::StringRef name, bool inKindDir,
                           bool &temporary) {
  static const llvm::Regex entry("^([0-9a-z]+)\\.nvc(\\.tmp[0-9.]+)?$");
  static const llvm::Regex program(
      "^(.+-[0-9a-f]{24})(\\.tmp[0-9]+)?(\\.deps)?$");
  llvm::SmallVector<llvm::StringRef, 4> m;
  if (inKindDir) {
    if (!entry.match(name, &m))
      return "";
    temporary = !m[2].empty();
    return name.str();
  }
  if (!program.match(name, &m))
    return "";
  temporary = !m[2].empty();
  return temporary ? name.str() : m[1].str();
}

PruneResult neve::cache::prune(llvm::StringRef dir, uint64_t maxBytes) {
  PruneResult result;
  std::map<std::string, Group> groups;
  auto scan = [&](llvm::StringRef folder, bool inKindDir) {
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end;
         it.increment(ec)) {
      fs::file_status st;
      if (fs::status(it->path(), st, /*follow=*/false) ||
          st.type() != fs::file_type::regular_file)
        continue;
      bool temporary = false;
      std::string g =
          groupOf(path::filename(it->path()), inKindDir, temporary);
      if (g.empty())
        continue;
      Group &group = groups[(inKindDir ? folder.str() + "/" : "") + g];
      group.files.push_back(it->path());
      group.bytes += st.getSize();
      group.lastUse = std::max(group.lastUse, st.getLastModificationTime());
      group.temporary |= temporary;
    }
  };
  scan(dir, /*inKindDir=*/false);
  for (const char *kind : {"kernels", "host"}) {
    llvm::SmallString<256> sub(dir);
    path::append(sub, kind);
    scan(sub, /*inKindDir=*/true);
  }
  std::vector<Group *> order;
  uint64_t total = 0;
  auto now = std::chrono::system_clock::now();
  auto remove = [&](Group &g) {
    for (const std::string &f : g.files)
      if (!fs::remove(f))
        ++result.filesRemoved;
    result.bytesRemoved += g.bytes;
  };
  for (auto &[name, group] : groups) {
    // A compile's temporary file an hour old was left by a killed compile.
    if (group.temporary) {
      if (maxBytes == 0 || now - group.lastUse > std::chrono::hours(1))
        remove(group);
      continue;
    }
    total += group.bytes;
    order.push_back(&group);
  }
  std::sort(order.begin(), order.end(), [](Group *a, Group *b) {
    return a->lastUse < b->lastUse;
  });
  for (Group *g : order) {
    if (total <= maxBytes && maxBytes != 0)
      break;
    remove(*g);
    total -= g->bytes;
  }
  result.bytesKept = total;
  return result;
}
