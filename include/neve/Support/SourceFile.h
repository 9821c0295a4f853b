//===- SourceFile.h - Reading Neve source files safely ----------*- C++ -*-===//
//
// Every tool that reads a Neve source (neve-translate, neve; imports later,
// lib/Frontend/ModuleLoader.cpp) reads it through readSourceFile, which
// refuses what cannot be a program before reading it: anything but a
// regular file (a directory, /dev/zero, a FIFO that never ends) and files
// over kMaxSourceBytes. Reading /dev/zero used to grow a buffer until the
// process ran out of memory and aborted.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_SUPPORT_SOURCEFILE_H
#define NEVE_SUPPORT_SOURCEFILE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace neve {

/// The largest source file read: 64 MiB.
constexpr uint64_t kMaxSourceBytes = uint64_t(64) << 20;

/// Reads the source at \p path ("-" reads standard input, which may be a
/// pipe, up to the same limit). The error is a sentence naming the path:
/// "cannot read P: No such file or directory", "P is not a regular file",
/// "P is N bytes, over the 64 MiB limit for a source file".
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readSourceFile(llvm::StringRef path, uint64_t maxBytes = kMaxSourceBytes);

} // namespace neve

#endif // NEVE_SUPPORT_SOURCEFILE_H
