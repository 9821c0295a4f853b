//===- Version.h - Neve's version, for every tool's --version ---*- C++ -*-===//
//
// One version for the whole tool set (docs/tooling.md, "Versions"). This
// header needs nothing else, so tools without LLVM (neve-launch) print it
// too; ToolVersion.h adds the LLVM command-line printer.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_SUPPORT_VERSION_H
#define NEVE_SUPPORT_VERSION_H

#define NEVE_VERSION "0.1.0"

#endif // NEVE_SUPPORT_VERSION_H
