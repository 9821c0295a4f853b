//===- InitAll.h - Register every Neve dialect and pass ---------*- C++ -*-===//
//
// One place that registers the Neve dialects and passes together with the
// upstream dialects, interfaces and passes that Neve's pipelines use, so
// that neve-opt and neve-translate see exactly the same world.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_INITALL_H
#define NEVE_INITALL_H

namespace mlir {
class DialectRegistry;

namespace neve {

/// Adds the neve dialect and every upstream dialect and interface
/// implementation the pipelines need (func, arith, scf, cf, math, memref,
/// vector, gpu, nvgpu, nvvm, llvm, ub, index) to `registry`.
void registerAllNeveDialects(DialectRegistry &registry);

/// Registers Neve's passes and the upstream passes of its pipelines with the
/// global pass registry (for neve-opt's command line).
void registerAllNevePasses();

} // namespace neve
} // namespace mlir

#endif // NEVE_INITALL_H
