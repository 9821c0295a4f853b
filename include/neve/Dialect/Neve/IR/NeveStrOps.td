//===- NeveStrOps.td - Operations on strings and nil ---*- tablegen -*-===//
//
// Included by NeveOps.td; one file per domain of the dialect.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_STR_OPS
#define NEVE_STR_OPS

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
  // Two literals concatenate at compile time.
  let hasFolder = 1;
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
  // Integer, bool and char constants become literals (floats do not: their
  // shortest-round-trip text is the runtime's).
  let hasFolder = 1;
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
  let hasFolder = 1;
}


//===----------------------------------------------------------------------===//
// Methods of str (§5.2, §7): size(), s[i], s[a:b], split(sep)
//===----------------------------------------------------------------------===//

def Neve_StrSizeOp : Neve_Op<"str_size"> {
  let summary = "the number of bytes of a string (`s.size()`)";
  let description = [{
    A nil string is a runtime error at the op's location.

    ```mlir
    %n = neve.str_size %s
    ```
  }];
  let arguments = (ins Neve_StrType:$str);
  let results = (outs I64:$result);
  let assemblyFormat = "$str attr-dict";
}

def Neve_StrGetOp : Neve_Op<"str_get"> {
  let summary = "read a byte of a string (`s[i]`, a char)";
  let description = [{
    The byte at `index` as an i8 (`char`); a negative index counts from the
    end (§5.2). An index outside [-n, n) or a nil string is a runtime error
    at the op's location.

    ```mlir
    %c = neve.str_get %s[%i]
    ```
  }];
  let arguments = (ins Neve_StrType:$str, I64:$index);
  let results = (outs I8:$result);
  let assemblyFormat = "$str `[` $index `]` attr-dict";
}

def Neve_StrSliceOp : Neve_Op<"str_slice"> {
  let summary = "a new string copying a range of bytes (`s[a:b]`)";
  let description = [{
    Copies bytes [start, end) after a negative bound b is replaced by n + b
    and both are clamped to [0, n], as array slices do; an omitted start is
    0, an omitted end INT64_MAX. A nil string is a runtime error.

    ```mlir
    %t = neve.str_slice %s[%a : %b]
    ```
  }];
  let arguments = (ins Neve_StrType:$str, I64:$start, I64:$end);
  let results = (outs Neve_StrType:$result);
  let assemblyFormat = "$str `[` $start `:` $end `]` attr-dict";
}

def Neve_StrSplitOp : Neve_Op<"str_split"> {
  let summary = "split a string at every occurrence of a separator";
  let description = [{
    `s.split(sep)` (§7): a new array of the fields between the occurrences
    of `sep` (found left to right, without overlap). Empty fields are kept,
    so the result has one more element than there are occurrences. A `char`
    separator is converted to a one-byte string first. A nil string or
    separator, or an empty separator, is a runtime error at the op's
    location. The result type is `!neve.array<!neve.str>`.

    ```mlir
    %fields = neve.str_split %s, %sep : !neve.array<!neve.str>
    ```
  }];
  let arguments = (ins Neve_StrType:$str, Neve_StrType:$separator);
  let results = (outs Neve_ArrayType:$result);
  let assemblyFormat =
      "$str `,` $separator attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$str, "::mlir::Value":$separator), [{
    build($_builder, $_state,
          ArrayType::get($_builder.getContext(),
                         StrType::get($_builder.getContext())),
          str, separator);
  }]>];
}

#endif // NEVE_STR_OPS
