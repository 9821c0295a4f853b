//===- NeveOps.td - Operations of the neve dialect ---------*- tablegen -*-===//

#ifndef NEVE_OPS
#define NEVE_OPS

include "neve/Dialect/Neve/IR/NeveDialect.td"
include "neve/Dialect/Neve/IR/NeveTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Strings
//===----------------------------------------------------------------------===//

def Neve_StrConstantOp : Neve_Op<"str_constant", [Pure, ConstantLike]> {
  let summary = "a string literal";
  let description = [{
    Produces the `str` holding the given bytes. The lowering places the bytes
    in a read-only global, so the value needs no allocation.

    ```mlir
    %s = neve.str_constant "hello, world"
    ```
  }];
  let arguments = (ins StrAttr:$value);
  let results = (outs Neve_StrType:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
}

def Neve_StrEqOp : Neve_Op<"str_eq", [Pure, Commutative]> {
  let summary = "compare two strings by content";
  let description = [{
    True when both strings hold the same bytes, or both are `nil`.

    ```mlir
    %eq = neve.str_eq %a, %b
    ```
  }];
  let arguments = (ins Neve_StrType:$lhs, Neve_StrType:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
  let hasFolder = 1;
}

def Neve_NilOp : Neve_Op<"nil", [Pure]> {
  let summary = "the nil string";
  let description = [{
    Produces the `nil` reference of type `!neve.str` (the null reference),
    which `neve.print` writes as `nil`.

    ```mlir
    %n = neve.nil
    ```
  }];
  let results = (outs Neve_StrType:$result);
  let assemblyFormat = "attr-dict";
}

def Neve_StrConcatOp : Neve_Op<"str_concat", [Pure]> {
  let summary = "concatenate two strings (`s + t`)";
  let description = [{
    A new garbage-collected string holding the bytes of `lhs` followed by
    those of `rhs`. A `nil` operand contributes the text `nil`, as `print`
    writes it.

    ```mlir
    %st = neve.str_concat %s, %t
    ```
  }];
  let arguments = (ins Neve_StrType:$lhs, Neve_StrType:$rhs);
  let results = (outs Neve_StrType:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}

def Neve_ToStrOp : Neve_Op<"to_str", [Pure]> {
  let summary = "the text that `print` writes for a scalar";
  let description = [{
    A new string holding exactly the text `neve.print` writes for `value`:
    integers in signed decimal, `i1` as `true`/`false`, `f32` as the shortest
    decimal that reads back to the same value. With `is_char` the `i8` value
    is a `char` and gives the one-byte string of that character.

    ```mlir
    %t = neve.to_str %n : i32
    %c = neve.to_str %ch {is_char} : i8
    ```
  }];
  let arguments = (ins Neve_Scalar:$value, UnitAttr:$is_char);
  let results = (outs Neve_StrType:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Neve_StrCmpOp : Neve_Op<"str_cmp", [Pure]> {
  let summary = "three-way bytewise comparison of two strings";
  let description = [{
    Compares the bytes of `lhs` and `rhs` lexicographically as unsigned
    values, a proper prefix ordering first. The result is negative, zero or
    positive as `lhs` orders before, equal to or after `rhs`. `nil` orders
    before every string and equal to `nil`.

    ```mlir
    %c = neve.str_cmp %a, %b
    ```
  }];
  let arguments = (ins Neve_StrType:$lhs, Neve_StrType:$rhs);
  let results = (outs I32:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
}

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
