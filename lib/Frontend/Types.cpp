//===- Types.cpp - Semantic types of Neve ---------------------------------===//

#include "neve/Frontend/Types.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

using namespace neve;

std::string Extent::str() const {
  switch (kind) {
  case Kind::Const:
    return std::to_string(value);
  case Kind::Named:
    return name;
  case Kind::Dynamic:
    return "?";
  }
  llvm_unreachable("unknown extent kind");
}

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

static const char *scalarName(Type::Kind kind) {
  switch (kind) {
  case Type::Kind::Error:
    return "<error>";
  case Type::Kind::Void:
    return "void";
  case Type::Kind::Bool:
    return "bool";
  case Type::Kind::Char:
    return "char";
  case Type::Kind::I8:
    return "i8";
  case Type::Kind::I16:
    return "i16";
  case Type::Kind::Int:
    return "int";
  case Type::Kind::I64:
    return "i64";
  case Type::Kind::Float:
    return "float";
  case Type::Kind::BF16:
    return "bf16";
  case Type::Kind::Half:
    return "half";
  case Type::Kind::Str:
    return "str";
  case Type::Kind::Any:
    return "any";
  case Type::Kind::Nil:
    return "nil";
  default:
    return nullptr;
  }
}

static const char *spaceName(MemSpace space) {
  switch (space) {
  case MemSpace::Global:
    return "global";
  case MemSpace::Shared:
    return "smem";
  case MemSpace::Register:
    return "reg";
  case MemSpace::Host:
    return "host";
  }
  llvm_unreachable("unknown memory space");
}

std::string Type::str(bool symbols) const {
  if (const char *s = scalarName(kind))
    return s;
  std::string out;
  llvm::raw_string_ostream os(out);
  auto list = [&](llvm::ArrayRef<const Type *> ts) {
    for (size_t i = 0; i < ts.size(); ++i)
      os << (i ? ", " : "") << ts[i]->str(symbols);
  };
  switch (kind) {
  case Kind::Array:
    os << "array<" << elem->str(symbols) << ">";
    break;
  case Kind::Map:
    os << "map<" << elem->str(symbols) << ", " << value->str(symbols) << ">";
    break;
  case Kind::Channel:
    os << "channel<" << elem->str(symbols) << ", " << count << ">";
    break;
  case Kind::Function:
    os << "Function<";
    list(members);
    os << ">";
    break;
  case Kind::Tuple:
    os << "tuple<";
    list(members);
    os << ">";
    break;
  case Kind::Class:
    os << (symbols ? getSymbol() : llvm::StringRef(name));
    break;
  case Kind::Foreign:
    os << name;
    break;
  case Kind::Pointer:
    os << elem->str(symbols) << "[]";
    break;
  case Kind::FixedArray:
    os << elem->str(symbols) << "[" << count << "]";
    break;
  case Kind::Layout:
    os << "layout<" << elem->str(symbols);
    for (const Extent &e : extents)
      os << ", " << e.str();
    if (space == MemSpace::Shared)
      os << ", smem";
    else if (space == MemSpace::Register)
      os << ", reg";
    os << ">";
    break;
  case Kind::Address:
    os << "address<" << elem->str(symbols) << ", " << spaceName(space) << ">";
    break;
  default:
    llvm_unreachable("scalar kinds handled above");
  }
  return out;
}

std::string Type::mangled(bool symbols) const {
  switch (kind) {
  case Kind::Pointer:
  case Kind::FixedArray:
    return "buffer_" + elem->mangled(symbols);
  case Kind::Layout:
    return "layout_" + elem->mangled(symbols);
  case Kind::Array:
    return "array_" + elem->mangled(symbols);
  case Kind::Map:
    return "map_" + elem->mangled(symbols) + "_" + value->mangled(symbols);
  case Kind::Channel:
    return "channel_" + elem->mangled(symbols);
  case Kind::Tuple: {
    std::string s = "tuple";
    for (const Type *m : members)
      s += "_" + m->mangled(symbols);
    return s;
  }
  case Kind::Function:
    return "Function";
  case Kind::Class:
    return symbols ? getSymbol().str() : name;
  default:
    return str();
  }
}

TypeContext::TypeContext() {
  for (unsigned k = 0; k <= static_cast<unsigned>(Type::Kind::Nil); ++k)
    scalars.push_back(
        std::unique_ptr<Type>(new Type(static_cast<Type::Kind>(k))));
}

TypeContext::~TypeContext() = default;

const Type *TypeContext::get(Type::Kind kind) const {
  assert(static_cast<unsigned>(kind) < scalars.size() && "not a simple type");
  return scalars[static_cast<unsigned>(kind)].get();
}

/// Builds the interning key of a structured type: its kind and every part
/// that distinguishes it.
static std::string keyOf(const Type &t) {
  std::string key;
  llvm::raw_string_ostream os(key);
  os << static_cast<unsigned>(t.getKind()) << ":" << t.getElement() << ":"
     << t.getValue() << ":" << t.getCount() << ":"
     << static_cast<unsigned>(t.getSpace()) << ":" << t.getName() << ":";
  for (const Type *m : t.getMembers())
    os << m << ",";
  os << ":";
  for (const Extent &e : t.getExtents())
    os << static_cast<unsigned>(e.kind) << e.value << e.name << ",";
  return key;
}

const Type *TypeContext::intern(std::unique_ptr<Type> t) {
  std::string key = keyOf(*t);
  auto it = interned.find(key);
  if (it != interned.end())
    return it->second.get();
  const Type *raw = t.get();
  interned.emplace(std::move(key), std::move(t));
  return raw;
}

const Type *TypeContext::array(const Type *elem) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Array));
  t->elem = elem;
  return intern(std::move(t));
}

const Type *TypeContext::map(const Type *key, const Type *value) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Map));
  t->elem = key;
  t->value = value;
  return intern(std::move(t));
}

const Type *TypeContext::channel(const Type *elem, int64_t capacity) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Channel));
  t->elem = elem;
  t->count = capacity;
  return intern(std::move(t));
}

const Type *TypeContext::tuple(llvm::ArrayRef<const Type *> elems) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Tuple));
  t->members.assign(elems.begin(), elems.end());
  return intern(std::move(t));
}

const Type *TypeContext::function(const Type *ret,
                                  llvm::ArrayRef<const Type *> params) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Function));
  t->members.push_back(ret);
  t->members.insert(t->members.end(), params.begin(), params.end());
  return intern(std::move(t));
}

const Type *TypeContext::pointer(const Type *elem) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Pointer));
  t->elem = elem;
  return intern(std::move(t));
}

const Type *TypeContext::fixedArray(const Type *elem, int64_t size) {
  std::unique_ptr<Type> t(new Type(Type::Kind::FixedArray));
  t->elem = elem;
  t->count = size;
  return intern(std::move(t));
}

const Type *TypeContext::foreign(llvm::StringRef name) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Foreign));
  t->name = name.str();
  return intern(std::move(t));
}

const Type *TypeContext::classType(ClassDecl *cls, llvm::StringRef name,
                                  llvm::StringRef symbol) {
  // Classes are nominal: one type per declaration, never interned by name.
  std::unique_ptr<Type> t(new Type(Type::Kind::Class));
  t->cls = cls;
  t->name = name.str();
  t->symbol = symbol.str();
  classes.push_back(std::move(t));
  return classes.back().get();
}

const Type *TypeContext::layout(const Type *elem,
                                llvm::ArrayRef<Extent> extents,
                                MemSpace space) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Layout));
  t->elem = elem;
  t->extents.assign(extents.begin(), extents.end());
  t->space = space;
  return intern(std::move(t));
}

const Type *TypeContext::address(const Type *elem, MemSpace space) {
  std::unique_ptr<Type> t(new Type(Type::Kind::Address));
  t->elem = elem;
  t->space = space;
  return intern(std::move(t));
}
