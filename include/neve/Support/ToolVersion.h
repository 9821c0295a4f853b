//===- ToolVersion.h - --version for the tools built on LLVM ----*- C++ -*-===//
//
// `TOOL --version` prints `TOOL (Neve) VERSION` and the LLVM it was built
// with, replacing LLVM's own version text (cl::SetVersionPrinter), for the
// tools that parse their options with llvm::cl (neve-translate, neve-opt,
// neve-mlir-lsp, neve-tblgen) and those that do not (neve, neve-lsp).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_SUPPORT_TOOLVERSION_H
#define NEVE_SUPPORT_TOOLVERSION_H

#include "neve/Support/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace neve {

inline void printToolVersion(llvm::raw_ostream &os, const char *tool) {
  os << tool << " (Neve) " << NEVE_VERSION << "\n"
     << "  built with LLVM " << LLVM_VERSION_STRING << "\n";
}

/// Makes llvm::cl's --version print printToolVersion(tool).
inline void setToolVersionPrinter(const char *tool) {
  llvm::cl::SetVersionPrinter(
      [tool](llvm::raw_ostream &os) { printToolVersion(os, tool); });
}

} // namespace neve

#endif // NEVE_SUPPORT_TOOLVERSION_H
