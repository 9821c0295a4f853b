//===- Types.h - Semantic types of Neve --------------------------*- C++ -*-===//
//
// The types that Sema assigns to declarations and expressions (spec §4).
// Types are interned in a TypeContext, so they compare by pointer.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_TYPES_H
#define NEVE_FRONTEND_TYPES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace neve {

class Type {
public:
  enum class Kind { Error, Void, Bool, Char, I8, I16, Int, I64, Float, Str };

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
  bool isFloat() const { return kind == Kind::Float; }
  bool isNumeric() const { return isIntegral() || isFloat(); }
  /// Width in bits of integral types (bool counts as 1).
  unsigned getBitWidth() const;

  /// The spelling used in diagnostics and AST dumps ("int", "str", ...).
  std::string str() const;

private:
  friend class TypeContext;
  explicit Type(Kind kind) : kind(kind) {}
  Kind kind;
};

/// Owns and interns every Type of a compilation.
class TypeContext {
public:
  TypeContext();
  const Type *get(Type::Kind kind) const;
  const Type *errorTy() const { return get(Type::Kind::Error); }
  const Type *voidTy() const { return get(Type::Kind::Void); }
  const Type *boolTy() const { return get(Type::Kind::Bool); }
  const Type *intTy() const { return get(Type::Kind::Int); }
  const Type *i64Ty() const { return get(Type::Kind::I64); }
  const Type *floatTy() const { return get(Type::Kind::Float); }
  const Type *strTy() const { return get(Type::Kind::Str); }

private:
  std::vector<std::unique_ptr<Type>> scalars;
};

} // namespace neve

#endif // NEVE_FRONTEND_TYPES_H
