//===- NeveDialect.td - The neve dialect -------------------*- tablegen -*-===//
//
// The high-level dialect of Neve host and device code. Language constructs
// that upstream dialects do not express (strings, printing, division with the
// language's run-time checks, ...) are neve ops; plain arithmetic and control
// flow use arith, cf, scf and func directly.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_DIALECT
#define NEVE_DIALECT

include "mlir/IR/OpBase.td"

def Neve_Dialect : Dialect {
  let name = "neve";
  let summary = "High-level operations of the Neve language";
  let description = [{
    The `neve` dialect holds the parts of a Neve program that carry the
    language's own semantics: its reference types (strings, later objects and
    containers), printing, and operations whose run-time checks report the
    source location (integer division by zero). MLIRGen produces it together
    with `func`, `arith`, `cf` and `math`; `--convert-neve-to-llvm` lowers it
    to calls into the Neve runtime.
  }];
  let cppNamespace = "::mlir::neve";
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

class Neve_Op<string mnemonic, list<Trait> traits = []>
    : Op<Neve_Dialect, mnemonic, traits>;

#endif // NEVE_DIALECT
