//===- NeveArrayOps.td - Operations on array<T> ---*- tablegen -*-===//
//
// Included by NeveOps.td; one file per domain of the dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_ARRAY_OPS
#define NEVE_ARRAY_OPS

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


def Neve_CheckIndexOp : Neve_Op<"check_index"> {
  let summary = "bounds check of a fixed-array index (`a[i]` on `T[N]`)";
  let description = [{
    A runtime error at the op's location unless 0 <= `index` < `size`:
    fixed arrays `T[N]` (§4.3) know their size, so their elements are
    checked (the index is not normalised: -1 is out of range). A constant
    index in range removes the check.

    ```mlir
    neve.check_index %i below 4 : i64
    ```
  }];
  let arguments = (ins I64:$index, I64Attr:$size);
  let assemblyFormat = "$index `below` $size attr-dict `:` type($index)";
  let hasVerifier = 1;
  let hasCanonicalizeMethod = 1;
}

#endif // NEVE_ARRAY_OPS
