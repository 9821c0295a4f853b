//===- SourceFile.cpp - Reading Neve source files safely ------------------===//
//
// See SourceFile.h.
//
//===----------------------------------------------------------------------===//

#include "neve/Support/SourceFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"

#include <string>

using namespace llvm;

namespace {

Error failure(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

std::string limitText(uint64_t maxBytes) {
  if (maxBytes % (1 << 20) == 0)
    return std::to_string(maxBytes >> 20) + " MiB";
  return std::to_string(maxBytes) + " bytes";
}

/// Standard input, read in chunks until its end or past \p maxBytes.
Expected<std::unique_ptr<MemoryBuffer>> readStdin(uint64_t maxBytes) {
  SmallString<4096> text;
  char chunk[1 << 16];
  for (;;) {
    Expected<size_t> n =
        sys::fs::readNativeFile(sys::fs::getStdinHandle(), chunk);
    if (!n)
      return failure("cannot read standard input: " +
                     toString(n.takeError()));
    if (*n == 0)
      break;
    text.append(chunk, chunk + *n);
    if (text.size() > maxBytes)
      return failure("standard input is over the " + limitText(maxBytes) +
                     " limit for a source file");
  }
  return MemoryBuffer::getMemBufferCopy(text, "<stdin>");
}

} // namespace

Expected<std::unique_ptr<MemoryBuffer>>
neve::readSourceFile(StringRef path, uint64_t maxBytes) {
  if (path == "-")
    return readStdin(maxBytes);
  sys::fs::file_status st;
  if (std::error_code ec = sys::fs::status(path, st))
    return failure("cannot read " + path + ": " + ec.message());
  if (!sys::fs::is_regular_file(st))
    return failure(path + " is not a regular file");
  if (st.getSize() > maxBytes)
    return failure(path + " is " + Twine(st.getSize()) + " bytes, over the " +
                   limitText(maxBytes) + " limit for a source file");
  auto buffer = MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer)
    return failure("cannot read " + path + ": " + buffer.getError().message());
  // The file may have grown since it was measured.
  if ((*buffer)->getBufferSize() > maxBytes)
    return failure(path + " is over the " + limitText(maxBytes) +
                   " limit for a source file");
  return std::move(*buffer);
}
