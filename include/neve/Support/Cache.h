//===- Cache.h - The per-user cache of compiled code -----------*- C++ -*-===//
//
// One cache directory per user holds what the tools compiled, keyed by
// content: `neve run`'s executables, and neve-translate's compiled kernels
// and host objects (docs/caching.md). The tools execute or link what they
// find there, so the directory must be private to the user: see Cache.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_SUPPORT_CACHE_H
#define NEVE_SUPPORT_CACHE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>

namespace neve::cache {

/// The cache directory: $NEVE_CACHE_DIR, else $XDG_CACHE_HOME/neve, else
/// $HOME/.cache/neve, else ${TMPDIR:-/tmp}/neve-UID (one per user, never a
/// shared name). Not created.
std::string cacheDirPath();

/// Creates \p dir (mode 0700) when missing and checks that it is safe to run
/// programs from: a real directory (not a symbolic link) owned by the
/// effective user, not writable by group or others, inside directories that
/// only its owner or root can change. Returns "" or why it is refused.
std::string openCacheDir(const std::string &dir);

/// Why the cached file \p path must not be trusted (not a regular file, not
/// owned by the user, writable by group or others), or "" when it may.
std::string untrustedBinary(llvm::StringRef path);

/// Whether the sources listed in the deps record (BINARY.deps, written by
/// neve-translate: one `file:size:mtime` line per source) are unchanged. A
/// missing, empty or unreadable record means no.
bool depsUnchanged(llvm::StringRef depsPath);

/// `file:size:mtime` as the deps record writes it; "" if \p file is gone.
std::string fileIdentity(llvm::StringRef file);

/// What reading an entry found.
enum class Lookup {
  Hit,       ///< the payload, intact
  Miss,      ///< no entry
  Corrupt,   ///< an entry whose header, size or checksum is wrong
  Untrusted, ///< an entry someone else could have written
};

struct Entry {
  Lookup status = Lookup::Miss;
  std::string payload;
};

/// Reads the entry \p key of \p kind ("kernels", "host") under the cache
/// directory \p dir (already checked with openCacheDir). Entries hold a
/// header with their kind, key, payload size and SHA-256, so a truncated or
/// altered file reads as Corrupt, never as a payload. A hit marks the entry
/// as recently used (for pruning).
Entry readEntry(llvm::StringRef dir, llvm::StringRef kind,
                llvm::StringRef key);

/// Stores \p payload as the entry \p key of \p kind, atomically (a private
/// temporary file renamed into place), so that concurrent compilers never
/// read a half-written entry. Returns "" or why it failed.
std::string writeEntry(llvm::StringRef dir, llvm::StringRef kind,
                       llvm::StringRef key, llvm::StringRef payload);

/// The cache's size bound in bytes: $NEVE_CACHE_MAX (a number with an
/// optional K, M or G suffix), else 2 GiB.
uint64_t sizeLimit();

/// What pruning or cleaning did.
struct PruneResult {
  uint64_t filesRemoved = 0;
  uint64_t bytesRemoved = 0;
  uint64_t bytesKept = 0;
};

/// Removes the least recently used cache files (entries, executables and
/// their deps records, temporary files left by an interrupted compile) until
/// what remains is at most \p maxBytes; \p maxBytes 0 removes them all.
/// Files the cache did not create are never touched.
PruneResult prune(llvm::StringRef dir, uint64_t maxBytes);

} // namespace neve::cache

#endif // NEVE_SUPPORT_CACHE_H
