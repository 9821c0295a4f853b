//===- CodegenSupport.h - What MLIRGen can compile yet ----------*- C++ -*-===//
//
// The front end accepts the whole language; code generation grows construct
// by construct. Before MLIRGen runs, this check walks the typed AST of main
// and every function it reaches (what MLIRGen emits) and reports, at its location, every construct that code
// generation does not handle yet, so that compiling such a program is a
// clear error instead of a crash or wrong code.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_CODEGENSUPPORT_H
#define NEVE_FRONTEND_CODEGENSUPPORT_H

#include "neve/Frontend/AST.h"
#include "neve/Frontend/Diagnostics.h"
#include "neve/Frontend/Sema.h"

namespace neve {

/// Returns false (after reporting) if the code reachable from main uses a
/// construct that MLIRGen cannot compile yet.
bool checkCodegenSupport(const Program &program, DiagEngine &diag);

} // namespace neve

#endif // NEVE_FRONTEND_CODEGENSUPPORT_H
