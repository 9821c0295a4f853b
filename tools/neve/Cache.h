//===- Cache.h - neve run's cache of compiled programs ----------*- C++ -*-===//
//
// Where `neve run` keeps executables and when it may trust one. The cache
// directory must be private to the user, since the driver executes what it
// finds there: see Cache.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TOOLS_NEVE_CACHE_H
#define NEVE_TOOLS_NEVE_CACHE_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace neve::driver {

/// The cache directory: $NEVE_CACHE_DIR, else $XDG_CACHE_HOME/neve, else
/// $HOME/.cache/neve, else ${TMPDIR:-/tmp}/neve-UID (one per user, never a
/// shared name). Not created.
std::string cacheDirPath();

/// Creates \p dir (mode 0700) when missing and checks that it is safe to run
/// programs from: a real directory (not a symbolic link) owned by the
/// effective user, not writable by group or others, inside directories that
/// only its owner or root can change. Returns "" or why it is refused.
std::string openCacheDir(const std::string &dir);

/// Why the cached executable \p path must not be run (not a regular file,
/// not owned by the user, writable by group or others), or "" when it may.
std::string untrustedBinary(llvm::StringRef path);

/// Whether the sources listed in the deps record (BINARY.deps, written by
/// neve-translate: one `file:size:mtime` line per source) are unchanged. A
/// missing, empty or unreadable record means no.
bool depsUnchanged(llvm::StringRef depsPath);

/// `file:size:mtime` as the deps record writes it; "" if \p file is gone.
std::string fileIdentity(llvm::StringRef file);

} // namespace neve::driver

#endif // NEVE_TOOLS_NEVE_CACHE_H
