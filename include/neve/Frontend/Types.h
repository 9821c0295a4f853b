//===- Types.h - Semantic types of Neve --------------------------*- C++ -*-===//
//
// The types that Sema assigns to declarations and expressions (spec §4).
// Types are interned in a TypeContext, so they compare by pointer: two
// structurally equal builtin types (array<int> and array<int>) are the same
// object, and each class has exactly one type.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_TYPES_H
#define NEVE_FRONTEND_TYPES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace neve {

class ClassDecl;

/// A layout extent as a type sees it: a constant, a shape identifier, or a
/// value only known at run time.
struct Extent {
  enum class Kind { Const, Named, Dynamic } kind = Kind::Dynamic;
  int64_t value = 0;
  std::string name;

  static Extent constant(int64_t v) { return {Kind::Const, v, {}}; }
  static Extent named(std::string n) { return {Kind::Named, 0, std::move(n)}; }
  static Extent dynamic() { return {Kind::Dynamic, 0, {}}; }
  bool isConst() const { return kind == Kind::Const; }
  bool operator<(const Extent &o) const {
    if (kind != o.kind)
      return kind < o.kind;
    if (value != o.value)
      return value < o.value;
    return name < o.name;
  }
  bool operator==(const Extent &o) const {
    return kind == o.kind && value == o.value && name == o.name;
  }
  std::string str() const;
};

/// Memory spaces of layouts and element addresses (§8.5.1).
enum class MemSpace { Global, Shared, Register, Host };

class Type {
public:
  enum class Kind {
    // Scalars (§4.1).
    Error, Void, Bool, Char, I8, I16, Int, I64, Float, BF16, Half,
    // References (§4.2).
    Str, Any, Nil, Array, Map, Channel, Function, Class,
    // Values.
    Tuple,
    // Pointers (§4.3).
    Pointer, FixedArray, Foreign,
    // Layouts and element addresses (§8.5).
    Layout, Address,
  };

  Kind getKind() const { return kind; }
  bool is(Kind k) const { return kind == k; }
  bool isError() const { return kind == Kind::Error; }
  bool isVoid() const { return kind == Kind::Void; }
  /// int, i64, i16, i8 (not bool or char).
  bool isInteger() const {
    return kind == Kind::I8 || kind == Kind::I16 || kind == Kind::Int ||
           kind == Kind::I64;
  }
  /// Integers, char and bool: the operands of integer arithmetic (§5.1).
  bool isIntegral() const {
    return isInteger() || kind == Kind::Char || kind == Kind::Bool;
  }
  /// float, bf16, half.
  bool isFloat() const {
    return kind == Kind::Float || kind == Kind::BF16 || kind == Kind::Half;
  }
  bool isNumeric() const { return isIntegral() || isFloat(); }
  bool isScalar() const { return isNumeric(); }
  /// Garbage-collected references that may be nil (§4.2).
  bool isReference() const {
    return kind == Kind::Str || kind == Kind::Any || kind == Kind::Array ||
           kind == Kind::Map || kind == Kind::Channel ||
           kind == Kind::Function || kind == Kind::Class;
  }
  /// `T[]` and foreign pointer types (not `T[N]`, which is a value).
  bool isPointerLike() const {
    return kind == Kind::Pointer || kind == Kind::Foreign;
  }
  /// Accepts `nil` (§4.5).
  bool isNullable() const { return isReference() || isPointerLike(); }
  /// Width in bits of integral types (bool counts as 1).
  unsigned getBitWidth() const;

  // Structure (meaningful for the kinds that have it).
  /// Array and pointer element, fixed-array element, channel element,
  /// layout element, address element, map key.
  const Type *getElement() const { return elem; }
  /// Map value.
  const Type *getValue() const { return value; }
  /// Tuple elements; Function: return type first, then parameters.
  llvm::ArrayRef<const Type *> getMembers() const { return members; }
  /// Channel capacity, fixed-array size.
  int64_t getCount() const { return count; }
  llvm::ArrayRef<Extent> getExtents() const { return extents; }
  MemSpace getSpace() const { return space; }
  ClassDecl *getClass() const { return cls; }
  /// Foreign type name, class name.
  llvm::StringRef getName() const { return name; }
  /// A class's name in the emitted IR: its name, or `main.NAME` for a
  /// program class that shadows a library's (§2.1).
  llvm::StringRef getSymbol() const { return symbol.empty() ? name : symbol; }

  /// The spelling used in diagnostics and AST dumps ("int", "array<str>").
  /// With `symbols`, classes are spelled by their IR symbols (the dynamic
  /// type names of `any`, which must tell a program class shadowing a
  /// library's from it, §2.1).
  std::string str(bool symbols = false) const;
  /// The mangled name of §3.5 ("array_int", "layout_float"). With
  /// `symbols`, classes are named by their IR symbols (getSymbol), so that
  /// a program class shadowing a library's mangles apart from it.
  std::string mangled(bool symbols = false) const;

private:
  friend class TypeContext;
  explicit Type(Kind kind) : kind(kind) {}
  Kind kind;
  const Type *elem = nullptr;
  const Type *value = nullptr;
  std::vector<const Type *> members;
  int64_t count = 0;
  std::vector<Extent> extents;
  MemSpace space = MemSpace::Global;
  ClassDecl *cls = nullptr;
  std::string name;
  std::string symbol;
};

/// Owns and interns every Type of a compilation.
class TypeContext {
public:
  TypeContext();
  ~TypeContext();
  TypeContext(const TypeContext &) = delete;
  TypeContext &operator=(const TypeContext &) = delete;

  const Type *get(Type::Kind kind) const;
  const Type *errorTy() const { return get(Type::Kind::Error); }
  const Type *voidTy() const { return get(Type::Kind::Void); }
  const Type *boolTy() const { return get(Type::Kind::Bool); }
  const Type *charTy() const { return get(Type::Kind::Char); }
  const Type *intTy() const { return get(Type::Kind::Int); }
  const Type *i64Ty() const { return get(Type::Kind::I64); }
  const Type *floatTy() const { return get(Type::Kind::Float); }
  const Type *strTy() const { return get(Type::Kind::Str); }
  const Type *anyTy() const { return get(Type::Kind::Any); }
  const Type *nilTy() const { return get(Type::Kind::Nil); }

  const Type *array(const Type *elem);
  const Type *map(const Type *key, const Type *value);
  const Type *channel(const Type *elem, int64_t capacity);
  const Type *tuple(llvm::ArrayRef<const Type *> elems);
  const Type *function(const Type *ret, llvm::ArrayRef<const Type *> params);
  const Type *pointer(const Type *elem);
  const Type *fixedArray(const Type *elem, int64_t size);
  const Type *foreign(llvm::StringRef name);
  /// `symbol`: the class's IR name when it differs from `name` (§2.1).
  const Type *classType(ClassDecl *cls, llvm::StringRef name,
                        llvm::StringRef symbol = "");
  const Type *layout(const Type *elem, llvm::ArrayRef<Extent> extents,
                     MemSpace space);
  const Type *address(const Type *elem, MemSpace space);

private:
  const Type *intern(std::unique_ptr<Type> t);
  std::vector<std::unique_ptr<Type>> scalars;
  std::map<std::string, std::unique_ptr<Type>> interned;
  std::vector<std::unique_ptr<Type>> classes;
};

} // namespace neve

#endif // NEVE_FRONTEND_TYPES_H
