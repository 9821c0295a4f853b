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
// Arrays
//===----------------------------------------------------------------------===//

def Neve_ArrayNewOp : Neve_Op<"array_new"> {
  let summary = "a new array holding the given elements";
  let description = [{
    A new garbage-collected array whose elements are the operands, in order
    (none gives an empty array). Every operand has the element type.

    ```mlir
    %a = neve.array_new[%x, %y : i32, i32] : !neve.array<i32>
    %e = neve.array_new : !neve.array<!neve.str>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs Neve_ArrayType:$result);
  let assemblyFormat =
      "(`[` $elements^ `:` type($elements) `]`)? attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Neve_ArraySizeOp : Neve_Op<"array_size"> {
  let summary = "the number of elements of an array (`a.size()`)";
  let description = [{
    A nil array is a runtime error at the op's location.

    ```mlir
    %n = neve.array_size %a : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array);
  let results = (outs I64:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

def Neve_ArrayGetOp : Neve_Op<"array_get", [
    TypesMatchWith<"the result has the element type", "array", "result",
                    "::llvm::cast<::mlir::neve::ArrayType>($_self).getElementType()">]> {
  let summary = "read an element (`a[i]`)";
  let description = [{
    Reads element `index`; a negative index counts from the end (§5.2). An
    index outside [-n, n) or a nil array is a runtime error at the op's
    location.

    ```mlir
    %x = neve.array_get %a[%i] : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array, I64:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$array `[` $index `]` attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$array, "::mlir::Value":$index), [{
    build($_builder, $_state,
          ::llvm::cast<ArrayType>(array.getType()).getElementType(), array,
          index);
  }]>];
}

def Neve_ArraySetOp : Neve_Op<"array_set", [
    TypesMatchWith<"the value has the element type", "array", "value",
                    "::llvm::cast<::mlir::neve::ArrayType>($_self).getElementType()">]> {
  let summary = "write an element (`a[i] = x`)";
  let description = [{
    Writes `value` to element `index`, with the indexing of `neve.array_get`.

    ```mlir
    neve.array_set %x, %a[%i] : !neve.array<i32>
    ```
  }];
  let arguments = (ins AnyType:$value, Neve_ArrayType:$array, I64:$index);
  let assemblyFormat =
      "$value `,` $array `[` $index `]` attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def Neve_ArrayAppendOp : Neve_Op<"array_append", [
    TypesMatchWith<"the value has the element type", "array", "value",
                    "::llvm::cast<::mlir::neve::ArrayType>($_self).getElementType()">]> {
  let summary = "append an element (`a.append(x)`)";
  let description = [{
    ```mlir
    neve.array_append %a, %x : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array, AnyType:$value);
  let assemblyFormat = "$array `,` $value attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def Neve_ArraySliceOp : Neve_Op<"array_slice", [AllTypesMatch<["array", "result"]>]> {
  let summary = "a new array copying a range of elements (`a[s:e]`)";
  let description = [{
    Copies elements [start, end) after a negative bound b is replaced by
    n + b and both are clamped to [0, n]; an omitted start is 0, an omitted
    end INT64_MAX.

    ```mlir
    %b = neve.array_slice %a[%s : %e] : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array, I64:$start, I64:$end);
  let results = (outs Neve_ArrayType:$result);
  let assemblyFormat =
      "$array `[` $start `:` $end `]` attr-dict `:` qualified(type($array))";
}

def Neve_ArrayReduceOp : Neve_Op<"array_reduce", [
    TypesMatchWith<"the result has the element type", "array", "result",
                    "::llvm::cast<::mlir::neve::ArrayType>($_self).getElementType()">
  ]> {
  let summary = "the sum (or with `product`, the product) of the elements";
  let description = [{
    `a reduce +` / `a.sum()` and `a reduce *` / `a.prod()` on arrays of i32,
    i64 and f32, folded left to right; an empty array gives 0 (sum) or 1
    (product).

    ```mlir
    %s = neve.array_reduce %a : !neve.array<i32>
    %p = neve.array_reduce %a {product} : !neve.array<f32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array, UnitAttr:$product);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def Neve_ArrayScanOp : Neve_Op<"array_scan", [AllTypesMatch<["array", "result"]>]> {
  let summary = "a new array of the running sums (or products)";
  let description = [{
    `a scan +` and `a scan *` on arrays of i32, i64 and f32: element i
    folds elements 0..i; empty for an empty array.

    ```mlir
    %r = neve.array_scan %a {product} : !neve.array<i64>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array, UnitAttr:$product);
  let results = (outs Neve_ArrayType:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
}

def Neve_ArrayClearOp : Neve_Op<"array_clear"> {
  let summary = "remove every element (`a.clear()`)";
  let description = [{
    ```mlir
    neve.array_clear %a : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

def Neve_ArrayShuffleOp : Neve_Op<"array_shuffle"> {
  let summary = "a uniform random permutation in place (`a.shuffle()`)";
  let description = [{
    ```mlir
    neve.array_shuffle %a : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

def Neve_ArrayPrintOp : Neve_Op<"array_print"> {
  let summary = "print an array as `[e0, e1, …]` and end the line";
  let description = [{
    With `is_char` the `i8` elements are chars, printed as characters.

    ```mlir
    neve.array_print %a : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array, UnitAttr:$is_char);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
  let hasVerifier = 1;
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
