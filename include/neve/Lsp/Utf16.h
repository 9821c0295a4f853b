//===- Utf16.h - LSP positions in UTF-16 code units -------------*- C++ -*-===//
//
// The Language Server Protocol counts a position's `character` in UTF-16
// code units (its default position encoding): a character of the Basic
// Multilingual Plane is one unit, one above it (an emoji) two, whatever
// the number of UTF-8 bytes. Documents are UTF-8 in memory; these convert
// between byte columns and UTF-16 columns within one line. A byte that is
// not part of valid UTF-8 counts as one unit.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LSP_UTF16_H
#define NEVE_LSP_UTF16_H

#include "llvm/ADT/StringRef.h"

namespace neve::lsp {

/// The UTF-16 length of the UTF-8 text `bytes`.
unsigned utf16Length(llvm::StringRef bytes);

/// The byte offset in `line` where UTF-16 column `units` falls: the start
/// of the character holding that unit, clamped to the line's length.
unsigned byteOffsetOfUtf16(llvm::StringRef line, unsigned units);

} // namespace neve::lsp

#endif // NEVE_LSP_UTF16_H
