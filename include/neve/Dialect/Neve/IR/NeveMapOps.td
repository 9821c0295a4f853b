//===- NeveMapOps.td - Operations on map<K, V> ---*- tablegen -*-===//
//
// Included by NeveOps.td; one file per domain of the dialect. The ops lower
// to the neve_map_* runtime functions (neve_runtime.h); their verifiers are
// in lib/Dialect/Neve/IR/NeveMapOps.cpp.
//
// Key types: i1, i8, i16, i32, i64, f32, !neve.str (compared by content) and
// !neve.object<...> (compared by identity). Values: any type.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_MAP_OPS
#define NEVE_MAP_OPS

class Neve_MapKeyIs<string what, string operand>
    : TypesMatchWith<what, "map", operand,
                     "::llvm::cast<::mlir::neve::MapType>($_self).getKeyType()">;
class Neve_MapValueIs<string what, string operand>
    : TypesMatchWith<what, "map", operand,
                     "::llvm::cast<::mlir::neve::MapType>($_self).getValueType()">;

def Neve_MapNewOp : Neve_Op<"map_new"> {
  let summary = "a new empty map (`{}` or the default value of a map)";
  let description = [{
    A new garbage-collected map with no entries. Its key type must be one
    the runtime hashes: i1, i8, i16, i32, i64, f32, `!neve.str` or an object
    type. `key_is_char` marks an i8 key type as `char` (the missing-key error
    then names the key as a character); it needs i8 keys. Map literals are
    a `neve.map_new` followed by one `neve.map_set` per entry.

    ```mlir
    %m = neve.map_new : !neve.map<!neve.str, i32>
    %c = neve.map_new {key_is_char} : !neve.map<i8, f32>
    ```
  }];
  let arguments = (ins UnitAttr:$key_is_char);
  let results = (outs Neve_MapType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Neve_MapGetOp : Neve_Op<"map_get", [
    Neve_MapKeyIs<"the key has the key type", "key">,
    Neve_MapValueIs<"the result has the value type", "result">]> {
  let summary = "read the value of a key (`m[k]`)";
  let description = [{
    The value stored under `key`. When the value type is not a container, a
    missing key is a runtime error "missing map key K" at the op's location,
    naming the key as `print` writes it. When the value type is an array or
    a map (§11.6), a missing key (or one whose value is nil) is inserted
    with a new empty container, which is returned: `deps[n].append(x)`
    works. A nil map is a runtime error. `inner_key_is_char` marks the i8
    keys of a map-typed value as `char`, as `key_is_char` does on
    `neve.map_new`, for the maps this op creates.

    ```mlir
    %v = neve.map_get %m[%k] : !neve.map<!neve.str, i32>
    %d = neve.map_get %g[%k] {inner_key_is_char} : !neve.map<i32, !neve.map<i8, f32>>
    ```
  }];
  let arguments = (ins Neve_MapType:$map, AnyType:$key,
                       UnitAttr:$inner_key_is_char);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$map `[` $key `]` attr-dict `:` qualified(type($map))";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$map, "::mlir::Value":$key,
                                CArg<"bool", "false">:$innerKeyIsChar), [{
    build($_builder, $_state,
          ::llvm::cast<MapType>(map.getType()).getValueType(), map, key,
          innerKeyIsChar);
  }]>];
  let extraClassDeclaration = [{
    /// True when a missing key is created with a new empty container.
    bool createsMissing() {
      return ::llvm::isa<ArrayType, MapType>(getResult().getType());
    }
  }];
}

def Neve_MapSetOp : Neve_Op<"map_set", [
    Neve_MapKeyIs<"the key has the key type", "key">,
    Neve_MapValueIs<"the value has the value type", "value">]> {
  let summary = "store the value of a key (`m[k] = v`)";
  let description = [{
    Stores `value` under `key`, adding the key when it is missing (at the
    end of the insertion order). A nil map is a runtime error.

    ```mlir
    neve.map_set %v, %m[%k] : !neve.map<!neve.str, i32>
    ```
  }];
  let arguments = (ins AnyType:$value, Neve_MapType:$map, AnyType:$key);
  let assemblyFormat =
      "$value `,` $map `[` $key `]` attr-dict `:` qualified(type($map))";
  let hasVerifier = 1;
}

def Neve_MapHasOp : Neve_Op<"map_has", [
    Neve_MapKeyIs<"the key has the key type", "key">]> {
  let summary = "whether a key is present (`m.has(k)`)";
  let description = [{
    ```mlir
    %b = neve.map_has %m[%k] : !neve.map<i64, f32>
    ```
  }];
  let arguments = (ins Neve_MapType:$map, AnyType:$key);
  let results = (outs I1:$result);
  let assemblyFormat = "$map `[` $key `]` attr-dict `:` qualified(type($map))";
  let hasVerifier = 1;
}

def Neve_MapSizeOp : Neve_Op<"map_size"> {
  let summary = "the number of entries (`m.size()`)";
  let description = [{
    A nil map is a runtime error at the op's location.

    ```mlir
    %n = neve.map_size %m : !neve.map<i32, i32>
    ```
  }];
  let arguments = (ins Neve_MapType:$map);
  let results = (outs I64:$result);
  let assemblyFormat = "$map attr-dict `:` qualified(type($map))";
  let hasVerifier = 1;
}

def Neve_MapClearOp : Neve_Op<"map_clear"> {
  let summary = "remove every entry (`m.clear()`)";
  let description = [{
    ```mlir
    neve.map_clear %m : !neve.map<i32, i32>
    ```
  }];
  let arguments = (ins Neve_MapType:$map);
  let assemblyFormat = "$map attr-dict `:` qualified(type($map))";
  let hasVerifier = 1;
}

def Neve_MapKeysOp : Neve_Op<"map_keys"> {
  let summary = "a new array of the keys (`m.keys()`)";
  let description = [{
    The keys in the same order as `neve.map_values` lists the values (the
    runtime uses insertion order; the language leaves it unspecified). The
    result is an array of the key type.

    ```mlir
    %ks = neve.map_keys %m : !neve.map<!neve.str, i32> -> !neve.array<!neve.str>
    ```
  }];
  let arguments = (ins Neve_MapType:$map);
  let results = (outs Neve_ArrayType:$result);
  let assemblyFormat =
      "$map attr-dict `:` qualified(type($map)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$map), [{
    auto type = ::llvm::cast<MapType>(map.getType());
    build($_builder, $_state,
          ArrayType::get($_builder.getContext(), type.getKeyType()), map);
  }]>];
}

def Neve_MapValuesOp : Neve_Op<"map_values"> {
  let summary = "a new array of the values (`m.values()`)";
  let description = [{
    The values in the order of `neve.map_keys`; an array of the value type.

    ```mlir
    %vs = neve.map_values %m : !neve.map<!neve.str, i32> -> !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_MapType:$map);
  let results = (outs Neve_ArrayType:$result);
  let assemblyFormat =
      "$map attr-dict `:` qualified(type($map)) `->` qualified(type($result))";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$map), [{
    auto type = ::llvm::cast<MapType>(map.getType());
    build($_builder, $_state,
          ArrayType::get($_builder.getContext(), type.getValueType()), map);
  }]>];
}

#endif // NEVE_MAP_OPS
