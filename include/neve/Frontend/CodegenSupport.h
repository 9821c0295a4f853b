//===- CodegenSupport.h - What MLIRGen can compile yet ----------*- C++ -*-===//
//
// The front end accepts the whole language; code generation grows construct
// by construct. Before MLIRGen runs, this check walks the typed AST of the
// main module and reports, at its location, every construct that code
// generation does not handle yet, so that compiling such a program is a
// clear error instead of a crash or wrong code.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_CODEGENSUPPORT_H
#define NEVE_FRONTEND_CODEGENSUPPORT_H

#include "neve/Frontend/AST.h"
#include "neve/Frontend/Diagnostics.h"

namespace neve {

/// Returns false (after reporting) if `module` uses a construct that
/// MLIRGen cannot compile yet.
bool checkCodegenSupport(const Module &module, DiagEngine &diag);

} // namespace neve

#endif // NEVE_FRONTEND_CODEGENSUPPORT_H
