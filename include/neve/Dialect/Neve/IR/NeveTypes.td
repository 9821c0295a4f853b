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

/// Values that `neve.print` accepts: integers (i1 prints as a bool), f32 and
/// strings.
def Neve_Printable : AnyTypeOf<[AnySignlessInteger, F32, Neve_StrType]>;

/// Scalars that `neve.to_str` converts to text: integers (i1 as a bool) and
/// f32.
def Neve_Scalar : AnyTypeOf<[AnySignlessInteger, F32]>;

#endif // NEVE_TYPES
