//===- Types.cpp - Semantic types of Neve ---------------------------------===//

#include "neve/Frontend/Types.h"

#include "llvm/Support/ErrorHandling.h"

using namespace neve;

unsigned Type::getBitWidth() const {
  switch (kind) {
  case Kind::Bool:
    return 1;
  case Kind::Char:
  case Kind::I8:
    return 8;
  case Kind::I16:
    return 16;
  case Kind::Int:
    return 32;
  case Kind::I64:
    return 64;
  default:
    return 0;
  }
}

std::string Type::str() const {
  switch (kind) {
  case Kind::Error:
    return "<error>";
  case Kind::Void:
    return "void";
  case Kind::Bool:
    return "bool";
  case Kind::Char:
    return "char";
  case Kind::I8:
    return "i8";
  case Kind::I16:
    return "i16";
  case Kind::Int:
    return "int";
  case Kind::I64:
    return "i64";
  case Kind::Float:
    return "float";
  case Kind::Str:
    return "str";
  }
  llvm_unreachable("unknown type kind");
}

TypeContext::TypeContext() {
  for (unsigned k = 0; k <= static_cast<unsigned>(Type::Kind::Str); ++k)
    scalars.push_back(std::unique_ptr<Type>(new Type(static_cast<Type::Kind>(k))));
}

const Type *TypeContext::get(Type::Kind kind) const {
  return scalars[static_cast<unsigned>(kind)].get();
}
