//===- NeveObjectOps.td - Classes and objects ---------------*- tablegen -*-===//
//
// Included by NeveOps.td; one file per domain of the dialect.
//
// A class is a `neve.class` symbol listing its fields; objects are
// `!neve.object<"C">` references to garbage-collected structs of those
// fields. Methods and constructors are ordinary functions taking the
// receiver first (`@C.m`, `@C.ctor`).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_OBJECT_OPS
#define NEVE_OBJECT_OPS

include "mlir/IR/SymbolInterfaces.td"

def Neve_ClassOp : Neve_Op<"class", [Symbol]> {
  let summary = "the fields of a class";
  let description = [{
    Declares class `sym_name`: its fields' names and types, in order. The
    object layout is the struct of these types (as converted to LLVM), so
    `field_get`/`field_set` name fields and the lowering finds their index.

    ```mlir
    neve.class @Interval ["lo", "hi"] : [f32, f32]
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, StrArrayAttr:$field_names,
                       TypeArrayAttr:$field_types);
  let assemblyFormat = "$sym_name $field_names `:` $field_types attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The index of field `name`, or -1.
    int64_t getFieldIndex(::llvm::StringRef name);
    /// The type of field `index`.
    ::mlir::Type getFieldType(int64_t index);
  }];
}

def Neve_NewOp : Neve_Op<"new", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "allocate an object with every field zero";
  let description = [{
    Allocates a garbage-collected object of the result's class with every
    field zero (0, false, nil). MLIRGen then stores the non-zero defaults
    (empty strings and containers) and calls the constructor. An object that
    nothing uses is removed (it only allocates).

    ```mlir
    %o = neve.new : !neve.object<"Interval">
    ```
  }];
  // The allocation is the result's: an unused object is trivially dead.
  let results = (outs Res<Neve_ObjectType, "", [MemAlloc]>:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def Neve_FieldGetOp : Neve_Op<"field_get", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemRead]>]> {
  let summary = "read a field of an object (`x.f`)";
  let description = [{
    Reads field `field` of `object`. A nil object is a runtime error at the
    op's location (§5.2).

    ```mlir
    %lo = neve.field_get %o["lo"] : !neve.object<"Interval"> -> f32
    ```
  }];
  let arguments = (ins Neve_ObjectType:$object, StrAttr:$field);
  let results = (outs AnyType:$result);
  let assemblyFormat =
      "$object `[` $field `]` attr-dict `:` qualified(type($object)) `->` type($result)";
}

def Neve_FieldSetOp : Neve_Op<"field_set", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    MemoryEffects<[MemWrite]>]> {
  let summary = "write a field of an object (`x.f = v`)";
  let description = [{
    Stores `value` into field `field` of `object`. A nil object is a runtime
    error at the op's location.

    ```mlir
    neve.field_set %v, %o["lo"] : f32, !neve.object<"Interval">
    ```
  }];
  let arguments = (ins AnyType:$value, Neve_ObjectType:$object, StrAttr:$field);
  let assemblyFormat =
      "$value `,` $object `[` $field `]` attr-dict `:` type($value) `,` qualified(type($object))";
}

def Neve_FieldAddrOp : Neve_Op<"field_addr", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>, NoMemoryEffect]> {
  let summary = "the address of a field stored inline (`x.f` of type T[N])";
  let description = [{
    The address of field `field` of `object`, whose type must be an
    `!llvm.array` (a fixed array `T[N]` stored inside the object, §4.3):
    fixed arrays are used through the address of their first element. A nil
    object is a runtime error at the op's location.

    ```mlir
    %p = neve.field_addr %o["taps"] : !neve.object<"Filter"> -> !llvm.ptr
    ```
  }];
  let arguments = (ins Neve_ObjectType:$object, StrAttr:$field);
  let results = (outs Neve_HostPointer:$result);
  let assemblyFormat =
      "$object `[` $field `]` attr-dict `:` qualified(type($object)) `->` type($result)";
}

def Neve_SingletonOp : Neve_Op<"singleton", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "the program's single instance of a class (`$C`)";
  let description = [{
    The singleton of the result's class (§2.3): built on first use, once,
    by calling `init` (a function returning a new, constructed object),
    thread-safely; a constructor that reaches its own class's singleton is
    a runtime error at the op's location. Singletons are never collected.

    ```mlir
    %f = func.constant @"settings.$init" : () -> !neve.object<"settings">
    %s = neve.singleton %f : () -> !neve.object<"settings"> -> !neve.object<"settings">
    ```
  }];
  let arguments = (ins FunctionType:$init);
  let results = (outs Neve_ObjectType:$result);
  let assemblyFormat =
      "$init attr-dict `:` type($init) `->` qualified(type($result))";
  let hasVerifier = 1;
}

#endif // NEVE_OBJECT_OPS
