//===- NeveValueOps.td - nil, identity, tuples and any ---*- tablegen -*-===//
//
// Included by NeveOps.td; one file per domain of the dialect. The ops that
// work on every reference type (nil, nil tests, identity), tuples (builtin
// `tuple<...>` values) and the `any` box. Function values use upstream
// `func.constant` and `func.call_indirect`; their type is the builtin
// FunctionType, null for `nil`.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_VALUE_OPS
#define NEVE_VALUE_OPS

/// Host pointers: `T[]` and foreign pointer types (§4.3), an opaque
/// `!llvm.ptr`.
def Neve_HostPointer : Type<
    CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self)">,
    "a host pointer (!llvm.ptr)">;

/// Types whose values are one reference that may be `nil` (§4.2): strings,
/// arrays, maps, objects, `any`, function values and host pointers (§4.3).
def Neve_Nullable : AnyTypeOf<[Neve_StrType, Neve_ArrayType, Neve_MapType,
                               Neve_ChannelType,
                               Neve_ObjectType, Neve_AnyType, FunctionType,
                               Neve_HostPointer],
                              "a nullable reference type">;

/// The references an `any` may hold (everything nullable but `any` itself).
def Neve_Boxable : AnyTypeOf<[Neve_StrType, Neve_ArrayType, Neve_MapType,
                              Neve_ObjectType, FunctionType, Neve_HostPointer],
                             "a reference type other than any">;

//===----------------------------------------------------------------------===//
// nil and identity
//===----------------------------------------------------------------------===//

def Neve_NullOp : Neve_Op<"null", [Pure]> {
  let summary = "the nil reference of a reference type";
  let description = [{
    Produces `nil` (the null reference) of the result type: an object,
    array, map, str, `any` or function value. `nil` converts to every
    reference type (§4.5) and is the default value of classes, `any` and
    `Function` types (§4.6).

    ```mlir
    %n = neve.null : !neve.object<"Node">
    %f = neve.null : (i32) -> i32
    ```
  }];
  let results = (outs Neve_Nullable:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def Neve_IsNilOp : Neve_Op<"is_nil", [Pure]> {
  let summary = "test a reference for nil (`!x`, `x == nil`)";
  let description = [{
    True when `value` is the nil reference. `!x` on a reference means
    `x == nil` (§4.7).

    ```mlir
    %b = neve.is_nil %x : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_Nullable:$value);
  let results = (outs I1:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def Neve_RefEqOp : Neve_Op<"ref_eq", [Pure, Commutative, SameTypeOperands]> {
  let summary = "compare two references by identity (`==` on references)";
  let description = [{
    True when both operands are the same reference (or both are `nil`):
    the `==` of objects, arrays, maps and function values (§4.7). On
    `!neve.any` the boxes themselves are not identities: two `any` values
    are equal when they hold the same reference of the same dynamic type (or
    both are `nil`). Strings compare by content with `neve.str_eq` instead.

    ```mlir
    %eq = neve.ref_eq %a, %b : !neve.object<"Node">
    ```
  }];
  let arguments = (ins Neve_Nullable:$lhs, Neve_Nullable:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
}

def Neve_NilCheckOp : Neve_Op<"nil_check"> {
  let summary = "stop with a runtime error when a reference is nil";
  let description = [{
    A runtime error at the op's source location, with `message`, when
    `value` is `nil`; otherwise nothing. Precedes uses that need a non-nil
    reference, such as calling a function value. A check of a value that
    cannot be nil (a `func.constant`) is removed.

    ```mlir
    neve.nil_check %f, "call of a nil function value" : (i32) -> i32
    ```
  }];
  let arguments = (ins Neve_Nullable:$value, StrAttr:$message);
  let assemblyFormat = "$value `,` $message attr-dict `:` type($value)";
  let hasCanonicalizeMethod = 1;
}

//===----------------------------------------------------------------------===//
// Tuples
//===----------------------------------------------------------------------===//

def Neve_TupleMakeOp : Neve_Op<"tuple_make",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "build a tuple from its elements (`return a, b`)";
  let description = [{
    The tuple value whose elements are the operands, in order (at least
    two). Tuples are values: copied, never `nil` (§4.2).

    ```mlir
    %t = neve.tuple_make %a, %s : i32, !neve.str
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs AnyTuple:$result);
  let assemblyFormat = "$elements attr-dict `:` type($elements)";
  let hasVerifier = 1;
}

def Neve_TupleGetOp : Neve_Op<"tuple_get",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "read one element of a tuple (`t[0]`)";
  let description = [{
    Element `index` of the tuple; the index is a constant in range (Sema
    resolves negative indices).

    ```mlir
    %x = neve.tuple_get %t[1] : tuple<i32, !neve.str>
    ```
  }];
  let arguments = (ins AnyTuple:$tuple, I64Attr:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$tuple `[` $index `]` attr-dict `:` type($tuple)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// any
//===----------------------------------------------------------------------===//

def Neve_AnyBoxOp : Neve_Op<"any_box", [Pure]> {
  let summary = "convert a reference to `any`, keeping its dynamic type";
  let description = [{
    A new garbage-collected `neve_any` box holding `value` and the name of
    its Neve type `type_name` (as diagnostics write it: `array<int>`,
    `Node`, `Function<int, int>`). `nil` stays `nil` (no box).

    ```mlir
    %a = neve.any_box %xs {type_name = "array<int>"} : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_Boxable:$value, StrAttr:$type_name);
  let results = (outs Neve_AnyType:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasVerifier = 1;
}

def Neve_AnyCastOp : Neve_Op<"any_cast"> {
  let summary = "convert `any` back to a reference type, checked at run time";
  let description = [{
    The reference held by `value` when its dynamic type is `type_name`;
    `nil` gives `nil`. Any other dynamic type is a runtime error at the op's
    source location that names both types (§4.5).

    ```mlir
    %xs = neve.any_cast %a {type_name = "array<int>"} : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_AnyType:$value, StrAttr:$type_name);
  let results = (outs Neve_Boxable:$result);
  let assemblyFormat = "$value attr-dict `:` type($result)";
  let hasVerifier = 1;
}

#endif // NEVE_VALUE_OPS
