//===- NeveOps.td - Operations of the neve dialect ---------*- tablegen -*-===//

#ifndef NEVE_OPS
#define NEVE_OPS

include "neve/Dialect/Neve/IR/NeveDialect.td"
include "neve/Dialect/Neve/IR/NeveTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/OpBase.td"


// Domain files: each holds the ops of one kind of value.
include "neve/Dialect/Neve/IR/NeveStrOps.td"
include "neve/Dialect/Neve/IR/NeveArrayOps.td"
include "neve/Dialect/Neve/IR/NeveMapOps.td"
include "neve/Dialect/Neve/IR/NeveValueOps.td"
include "neve/Dialect/Neve/IR/NeveObjectOps.td"
include "neve/Dialect/Neve/IR/NeveConcurrencyOps.td"
include "neve/Dialect/Neve/IR/NeveGpuOps.td"

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

def Neve_PrintOp : Neve_Op<"print"> {
  let summary = "write values as text, as one line";
  let description = [{
    Writes the text of each operand with no separator, followed by a newline
    when `newline` is set (`print`) or not (`printl`). Integers print in
    decimal (signed), `i1` as `true`/`false`, `f32` as the shortest decimal
    that reads back to the same value, strings as their bytes (`nil` as
    `nil`). The optional `chars` array has one entry per operand; a true
    entry marks an `i8` operand as a `char`, printed as the character itself.
    The whole line is written at once, so lines of different threads never
    interleave.

    ```mlir
    neve.print %s, %n : !neve.str, i32
    neve.print %x : f32 {newline = false}
    neve.print %c, %n : i8, i8 {chars = array<i1: true, false>}
    ```
  }];
  let arguments = (ins Variadic<Neve_Printable>:$args,
                       DefaultValuedAttr<BoolAttr, "true">:$newline,
                       OptionalAttr<DenseBoolArrayAttr>:$chars);
  let assemblyFormat = "($args^ `:` type($args))? attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// True when operand `i` is a `char` (printed as the character itself).
    bool isChar(unsigned i) {
      auto chars = getChars();
      return chars && (*chars)[i];
    }
  }];
}

//===----------------------------------------------------------------------===//
// Checked integer arithmetic
//===----------------------------------------------------------------------===//

class Neve_CheckedIntBinaryOp<string mnemonic, string desc>
    : Neve_Op<mnemonic, [SameOperandsAndResultType,
                         DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = desc;
  let arguments = (ins SignlessIntegerLike:$lhs, SignlessIntegerLike:$rhs);
  let results = (outs SignlessIntegerLike:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
}

def Neve_DivIOp : Neve_CheckedIntBinaryOp<"divi",
    "integer division truncating toward zero (`//`), checked for zero"> {
  let description = [{
    `lhs // rhs` on signed integers, truncating toward zero. A zero divisor
    is a run-time error that reports this op's source location. The op only
    has an effect (the error) when the divisor may be zero: with a constant
    non-zero divisor it is pure and folds like `arith.divsi`.
  }];
}

def Neve_RemIOp : Neve_CheckedIntBinaryOp<"remi",
    "integer remainder with the sign of the dividend (`%`), checked for zero"> {
  let description = [{
    `lhs % rhs` on signed integers: `lhs == (lhs // rhs) * rhs + lhs % rhs`.
    A zero divisor is a run-time error that reports the source location.
  }];
}

def Neve_CeilDivIOp : Neve_CheckedIntBinaryOp<"ceildivi",
    "integer ceiling division (`/|`), checked for zero"> {
  let description = [{
    `lhs /| rhs`: the quotient rounded toward positive infinity (for
    `lhs >= 0` and `rhs > 0`, `(lhs + rhs - 1) // rhs`). A zero divisor is a
    run-time error that reports the source location.
  }];
}

#endif // NEVE_OPS
