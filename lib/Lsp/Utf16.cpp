//===- Utf16.cpp - LSP positions in UTF-16 code units ---------------------===//

#include "neve/Lsp/Utf16.h"

using namespace neve::lsp;

namespace {

/// The length in bytes of the UTF-8 sequence starting at `s[i]` and the
/// UTF-16 units it counts for; an invalid or cut sequence is one byte, one
/// unit.
void step(llvm::StringRef s, size_t i, unsigned &bytes, unsigned &units) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  unsigned n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3
                           : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > s.size()) {
    bytes = units = 1;
    return;
  }
  for (unsigned k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) {
      bytes = units = 1;
      return;
    }
  bytes = n;
  units = n == 4 ? 2 : 1; // above the BMP: a surrogate pair
}

} // namespace

unsigned neve::lsp::utf16Length(llvm::StringRef bytes) {
  unsigned total = 0;
  for (size_t i = 0; i < bytes.size();) {
    unsigned b, u;
    step(bytes, i, b, u);
    i += b;
    total += u;
  }
  return total;
}

unsigned neve::lsp::byteOffsetOfUtf16(llvm::StringRef line, unsigned units) {
  unsigned seen = 0;
  size_t i = 0;
  while (i < line.size()) {
    unsigned b, u;
    step(line, i, b, u);
    if (seen + u > units)
      break;
    seen += u;
    i += b;
  }
  return unsigned(i);
}
