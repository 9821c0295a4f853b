//===- NeveTypes.td - Types of the neve dialect ------------*- tablegen -*-===//

#ifndef NEVE_TYPES
#define NEVE_TYPES

include "mlir/IR/AttrTypeBase.td"
include "neve/Dialect/Neve/IR/NeveDialect.td"

class Neve_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Neve_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Neve_StrType : Neve_Type<"Str", "str"> {
  let summary = "an immutable, garbage-collected byte string";
  let description = [{
    A reference to a runtime `neve_str` (size, then the bytes and a NUL).
    The null reference is `nil`.
  }];
}

def Neve_ArrayType : Neve_Type<"Array", "array"> {
  let summary = "a growable, garbage-collected array";
  let description = [{
    A reference to a runtime `neve_array` whose elements have type
    `elementType` (a scalar or `!neve.str`). The null reference is `nil`.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

def Neve_MapType : Neve_Type<"Map", "map"> {
  let summary = "a garbage-collected hash map";
  let description = [{
    A reference to a runtime `neve_map` from `keyType` (an integer, f32, i1,
    `!neve.str` or an object type, compared by identity) to `valueType`.
    The null reference is `nil`.
  }];
  let parameters = (ins "::mlir::Type":$keyType, "::mlir::Type":$valueType);
  let assemblyFormat = "`<` $keyType `,` $valueType `>`";
}

def Neve_ObjectType : Neve_Type<"Object", "object"> {
  let summary = "a reference to an object of a class";
  let description = [{
    A reference to a garbage-collected instance of the class declared by the
    `neve.class` symbol `className` (its fields in order). The null
    reference is `nil`.
  }];
  let parameters = (ins "::mlir::StringAttr":$className);
  let assemblyFormat = "`<` $className `>`";
}

def Neve_AnyType : Neve_Type<"Any", "any"> {
  let summary = "a reference or pointer of any type, with its dynamic type";
  let description = [{
    A reference to a runtime `neve_any` box: the dynamic type's name and the
    value (a reference or a pointer). The null reference is `nil`.
    Conversions back to a static type are checked (`neve.any_cast`).
  }];
}

def Neve_ChannelType : Neve_Type<"Channel", "channel"> {
  let summary = "a bounded FIFO channel of elements (§6.8.5)";
  let description = [{
    A reference to a runtime `neve_channel`: a bounded queue for many
    producers and consumers, whose capacity is fixed when it is created
    (`neve.channel_new`). The null reference is `nil`.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
}

/// Values that `neve.print` accepts: integers (i1 prints as a bool), f32 and
/// strings.
def Neve_Printable : AnyTypeOf<[AnySignlessInteger, F32, Neve_StrType]>;

/// Scalars that `neve.to_str` converts to text: integers (i1 as a bool) and
/// f32.
def Neve_Scalar : AnyTypeOf<[AnySignlessInteger, F32]>;

#endif // NEVE_TYPES
