//===- SemaDecl.cpp - Declarations, signatures and types ------------------===//
//
// The declaration pass of §2.2: every class, function, proto and operation
// of every loaded module is collected before any body is checked, so
// declaration order does not matter.
//
//===----------------------------------------------------------------------===//

#include "SemaInternal.h"
#include "neve/Frontend/Roles.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace neve;
using namespace neve::sema;
using llvm::SMLoc;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static std::optional<Type::Kind> simpleKind(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<Type::Kind>>(name)
      .Case("int", Type::Kind::Int)
      .Case("i64", Type::Kind::I64)
      .Case("i16", Type::Kind::I16)
      .Case("i8", Type::Kind::I8)
      .Case("char", Type::Kind::Char)
      .Case("float", Type::Kind::Float)
      .Case("bf16", Type::Kind::BF16)
      .Case("half", Type::Kind::Half)
      .Case("bool", Type::Kind::Bool)
      .Case("str", Type::Kind::Str)
      .Case("any", Type::Kind::Any)
      .Case("void", Type::Kind::Void)
      .Default(std::nullopt);
}

bool Checker::isReservedTypeName(llvm::StringRef name,
                                 unsigned bufferID) const {
  if (ClassDecl *own = programClasses.lookup(name);
      own && own->bufferID == bufferID)
    return true;
  if (auto it = classes.find(name); it != classes.end())
    return it->second->bufferID == bufferID;
  return isTypeName(name);
}

bool Checker::isTypeName(llvm::StringRef name) const {
  return simpleKind(name) || classes.count(name) || foreignTypes.count(name) ||
         name == "array" || name == "map" || name == "tuple" ||
         name == "channel" || name == "Function" || name == "layout";
}

const Type *Checker::resolveType(const TypeExpr &t, bool allowVoid,
                                 std::vector<std::string> *shapeParams) {
  auto argType = [&](size_t i) -> const Type * {
    if (i >= t.args.size())
      return types.errorTy();
    return resolveType(t.args[i], /*allowVoid=*/false, shapeParams);
  };
  if (t.isPointer) {
    const Type *elem = argType(0);
    if (elem->isError())
      return elem;
    // Raw memory (§4.3): not collected, so it holds no references.
    if (!elem->isScalar() && !elem->is(Type::Kind::Foreign) &&
        !t.fixedSize) {
      diag.error(t.loc, "'" + t.str() + "': pointer elements must be scalars "
                                        "or foreign pointers");
      return types.errorTy();
    }
    if (t.fixedSize) {
      if (!elem->isScalar()) {
        // Stored inline, by value (§4.3): scalars only.
        diag.error(t.loc, "'" + t.str() + "': fixed-array elements must be "
                                          "scalars");
        return types.errorTy();
      }
      if (*t.fixedSize <= 0) {
        diag.error(t.loc, "a fixed array needs a positive size");
        return types.errorTy();
      }
      return types.fixedArray(elem, *t.fixedSize);
    }
    return types.pointer(elem);
  }
  // A fixed array lives inline in a variable, field, parameter or result
  // (§4.3); a container, tuple or Function type holds T[] or array<T>.
  auto inlineOnly = [&](const Type *m, size_t i) {
    if (!m->is(Type::Kind::FixedArray))
      return false;
    diag.error(t.args[i].loc, "a fixed array (" + m->str() + ") is stored "
                              "inline; it cannot be part of '" + t.name +
                              "<...>' (use " + m->getElement()->str() +
                              "[] or array<" + m->getElement()->str() + ">)");
    return true;
  };
  if (t.name == "array" || t.name == "map" || t.name == "tuple" ||
      t.name == "channel" || t.name == "Function")
    for (size_t i = 0; i < t.args.size(); ++i) {
      if (!t.args[i].isPointer || !t.args[i].fixedSize)
        continue;
      if (inlineOnly(argType(i), i))
        return types.errorTy();
    }
  if (t.name == "array") {
    const Type *e = argType(0);
    return e->isError() ? e : types.array(e);
  }
  if (t.name == "map") {
    const Type *k = argType(0), *v = argType(1);
    if (k->isError() || v->isError())
      return types.errorTy();
    // Integer types (char and bool included), float, str or a class (§4.2):
    // not bf16 or half.
    if ((!k->isNumeric() || k->is(Type::Kind::BF16) ||
         k->is(Type::Kind::Half)) &&
        !k->is(Type::Kind::Str) && !k->is(Type::Kind::Class)) {
      diag.error(t.args[0].loc, "map keys must be integers, float, bool, str "
                                "or a class, not " + k->str());
      return types.errorTy();
    }
    return types.map(k, v);
  }
  if (t.name == "tuple") {
    if (t.args.size() < 2) {
      diag.error(t.loc, "a tuple has at least two elements");
      return types.errorTy();
    }
    std::vector<const Type *> elems;
    for (size_t i = 0; i < t.args.size(); ++i) {
      elems.push_back(argType(i));
      if (elems.back()->isError())
        return types.errorTy();
    }
    return types.tuple(elems);
  }
  if (t.name == "channel") {
    const Type *e = argType(0);
    if (e->isError())
      return e;
    if (t.channelCapacity <= 0) {
      diag.error(t.loc, "a channel needs a positive capacity");
      return types.errorTy();
    }
    return types.channel(e, t.channelCapacity);
  }
  if (t.name == "Function") {
    if (t.args.empty()) {
      diag.error(t.loc, "Function<...> needs at least a return type");
      return types.errorTy();
    }
    const Type *ret = resolveType(t.args[0], /*allowVoid=*/true, shapeParams);
    std::vector<const Type *> params;
    for (size_t i = 1; i < t.args.size(); ++i)
      params.push_back(argType(i));
    if (ret->isError() || llvm::any_of(params, [](const Type *p) {
          return p->isError();
        }))
      return types.errorTy();
    return types.function(ret, params);
  }
  if (t.name == "layout") {
    const Type *elem = argType(0);
    if (elem->isError())
      return elem;
    if (!elem->isScalar()) {
      diag.error(t.loc, "layout elements must be scalars, not " + elem->str());
      return types.errorTy();
    }
    if (t.extents.empty()) {
      diag.error(t.loc, "a layout needs at least one extent");
      return types.errorTy();
    }
    std::vector<Extent> extents;
    for (const LayoutExtent &e : t.extents) {
      if (e.value) {
        if (*e.value <= 0) {
          diag.error(e.loc, "layout extents must be positive");
          return types.errorTy();
        }
        extents.push_back(Extent::constant(*e.value));
        continue;
      }
      if (shapeParams) {
        if (!llvm::is_contained(*shapeParams, e.name))
          shapeParams->push_back(e.name);
        extents.push_back(Extent::named(e.name));
        continue;
      }
      VarDecl *v = lookupVar(e.name);
      if (!v) {
        diag.error(e.loc, "use of undeclared name '" + e.name +
                              "' as a layout extent");
        return types.errorTy();
      }
      if (v->type && !v->type->isInteger() && !v->type->isError()) {
        diag.error(e.loc, "the layout extent '" + e.name +
                              "' must be an integer, not " + v->type->str());
        return types.errorTy();
      }
      extents.push_back(constVars.count(v) ? Extent::named(e.name)
                                           : Extent::dynamic());
    }
    return types.layout(elem, extents,
                        t.isSmem ? MemSpace::Shared
                                 : (context == Context::Device
                                        ? MemSpace::Global
                                        : MemSpace::Host));
  }
  if (!t.args.empty() || !t.extents.empty()) {
    diag.error(t.loc, "'" + t.name + "' takes no type arguments");
    return types.errorTy();
  }
  if (std::optional<Type::Kind> k = simpleKind(t.name)) {
    if (*k == Type::Kind::Void && !allowVoid) {
      diag.error(t.loc, "void is only a return type");
      return types.errorTy();
    }
    return types.get(*k);
  }
  if (ClassDecl *cls = lookupClass(t.name))
    return cls->type;
  if (foreignTypes.count(t.name))
    return types.foreign(t.name);
  diag.error(t.loc, "unknown type '" + t.name + "'");
  return types.errorTy();
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// Walks the identifiers used as types in `t`.
static void forEachTypeName(const TypeExpr &t,
                            const std::function<void(const TypeExpr &)> &fn) {
  if (!t.isPointer && t.args.empty() && t.extents.empty())
    fn(t);
  for (const TypeExpr &a : t.args)
    forEachTypeName(a, fn);
}

void Checker::collectForeignTypes() {
  // The four pointer types of the core native layer (§4.3, §9.1), and the
  // tensor maps of TMA (§8.4).
  for (const char *name :
       {"float_pp", "bf16_pp", "float_cpu", "bf16_cpu", "tensor_map"})
    foreignTypes.insert(name);
  // A proto or operation of a native package may introduce further foreign
  // pointer types by naming them (§4.3, §11.9).
  for (auto &m : program.modules)
    for (auto &fn : m->funcs) {
      if (fn->hasBody())
        continue;
      auto add = [&](const TypeExpr &t) {
        if (!simpleKind(t.name) && !classes.count(t.name) &&
            !isTypeName(t.name) && t.name != "tensor" && !t.name.empty())
          foreignTypes.insert(t.name);
      };
      forEachTypeName(fn->returnTypeExpr, add);
      for (auto &p : fn->params)
        if (p->typeExpr)
          forEachTypeName(*p->typeExpr, add);
    }
}

void Checker::declareFunction(FuncDecl &fn) {
  if (fn.isMain())
    return;
  if (fn.isOperator) {
    operators[fn.name].push_back(&fn);
    return;
  }
  // A `proto` of an intrinsic's name (libc's `abs`) serves host code: only
  // device code sees the §8.4 intrinsics.
  BuiltinId builtin = builtinFunction(fn.name);
  bool intrinsic = builtin != BuiltinId::None &&
                   builtinInfo(builtin).where == BuiltinWhere::Device;
  if (isPredeclared(fn.name) && !(fn.kind == FuncKind::Proto && intrinsic)) {
    diag.error(fn.loc, "'" + fn.name + "' is a builtin; a top-level function "
                       "may not reuse its name");
    return;
  }
  // A class of the function's own side (§2.1): a library's function may
  // have the name of a program's class, and the other way round.
  bool fnInLibrary = libraryBuffers.count(fn.bufferID);
  for (ClassDecl *cls : {programClasses.lookup(fn.name), classes.lookup(fn.name)}) {
    if (!cls)
      continue;
    if (libraryBuffers.count(cls->bufferID) == fnInLibrary) {
      diag.error(fn.loc, "'" + fn.name + "' is a class; a function may not "
                         "use its name");
      diag.note(cls->loc, "the class is declared here");
      return;
    }
    // The program's function takes a `main.` symbol, apart from the class.
    if (!fnInLibrary && fn.hasBody())
      fn.shadows = true;
  }
  if (!classes.count(fn.name) && isTypeName(fn.name)) {
    // A foreign pointer type (§1.4 Decision).
    diag.error(fn.loc, "'" + fn.name + "' is a type name; a function may not "
                       "use it");
    return;
  }
  functions[fn.name].push_back(&fn);
}

void Checker::resolveSignature(FuncDecl &fn) {
  sideBuffer = fn.bufferID;
  std::vector<std::string> shapes;
  bool isGpu = fn.kind == FuncKind::Gpu;
  Context saved = context;
  context = fn.isDevice() ? Context::Device : Context::Host;
  fn.returnType = fn.isMain() || fn.kind == FuncKind::Ctor
                      ? types.voidTy()
                      : resolveType(fn.returnTypeExpr, /*allowVoid=*/true,
                                    isGpu ? &shapes : nullptr);
  fn.paramTypes.clear();
  bool seenDefault = false;
  for (auto &p : fn.params) {
    const Type *t = types.errorTy();
    if (p->typeExpr)
      t = resolveType(*p->typeExpr, true, isGpu ? &shapes : nullptr);
    if (t->isVoid()) {
      diag.error(p->typeExpr->loc, "a parameter cannot have type void");
      t = types.errorTy();
    }
    if (t->is(Type::Kind::Layout) && !isGpu && !t->isError()) {
      diag.error(p->loc, "only gpu functions take layout parameters");
      t = types.errorTy();
    }
    // A tensor_map parameter is the 128-byte descriptor itself (§8.4).
    if (fn.kind == FuncKind::Kernel && !t->isError() && !t->isScalar() &&
        !t->is(Type::Kind::Pointer) &&
        !(t->is(Type::Kind::Foreign) && t->getName() == "tensor_map")) {
      diag.error(p->typeExpr ? p->typeExpr->loc : p->loc,
                 "kernel parameters must be scalars, raw pointers "
                 "(float[], bf16[], ...) or tensor maps, not " + t->str());
      t = types.errorTy();
    }
    p->type = t;
    fn.paramTypes.push_back(t);
    if (p->hasCallerDefault()) {
      // `caller`: each call passes its position (§3.2).
      if (!t->isError() && !t->is(Type::Kind::Str))
        diag.error(p->init->getLoc(), "'caller' is the default of a str "
                                      "parameter only, not of " + t->str());
      p->init->type = types.strTy();
      seenDefault = true;
    } else if (p->init) {
      // Defaults are literals (§3.2): type them now, so that calls checked
      // before this function's body can copy them.
      checkExpr(p->init, t);
      coerce(p->init, t, "the default of '" + p->name + "'");
      seenDefault = true;
    }
    else if (seenDefault && fn.hasBody())
      diag.error(p->loc, "parameter '" + p->name + "' needs a default value: "
                         "parameters with defaults come last");
    if (!p->name.empty() && isReservedTypeName(p->name, fn.bufferID))
      diag.error(p->loc, "'" + p->name + "' is a type name; it cannot name "
                         "a parameter");
  }
  context = saved;
  if (isGpu && fn.returnType->is(Type::Kind::Layout))
    // A view is bound where it is declared (§8.5): a gpu function takes
    // views and returns values.
    diag.error(fn.loc, "a gpu function cannot return a layout; return the "
                       "element values, or take the view as a parameter");
  if (fn.kind == FuncKind::Proto && fn.returnType->is(Type::Kind::FixedArray))
    diag.error(fn.loc, "a foreign function cannot return " +
                           fn.returnType->str() + ": C returns no arrays "
                           "(return a pointer, " +
                           fn.returnType->getElement()->str() + "[])");
  if (fn.isOperator && !fn.ctimeParams.empty())
    diag.error(fn.loc, "an operator definition cannot take compile-time "
                       "parameters: 'a " + fn.name + " b' has no place for "
                       "<constants> (§3.9)");
  if (fn.isOperator) {
    // A trailing `str at = caller` is not an operand (§3.5, §3.2).
    unsigned arity = fn.params.size() - fn.numCallerParams();
    bool accumulating = arity == 3 && fn.kind == FuncKind::Gpu &&
                        fn.returnType->isVoid();
    if (arity != 2 && !accumulating) {
      diag.error(fn.loc, "an operator definition takes exactly two parameters "
                         "(three for a gpu void accumulating operator)");
      return;
    }
    if (fn.kind == FuncKind::Def || !accumulating) {
      auto userType = [](const Type *t) {
        return t->isError() || t->is(Type::Kind::Class) ||
               t->is(Type::Kind::Foreign) || t->is(Type::Kind::Layout);
      };
      if (!userType(fn.paramTypes[0]) && !userType(fn.paramTypes[1]))
        diag.error(fn.loc, "operator '" + fn.name + "' can only be defined "
                           "when an operand is a class, a foreign pointer "
                           "type, tensor or a layout");
    }
  }
}

void Checker::resolveClass(ClassDecl &cls) {
  sideBuffer = cls.bufferID;
  unsigned index = 0;
  llvm::StringMap<FieldDecl *> seen;
  for (auto it = cls.fields.begin(); it != cls.fields.end();) {
    FieldDecl &f = **it;
    f.type = resolveType(f.typeExpr);
    if (auto prev = seen.find(f.name); prev != seen.end()) {
      if (prev->second->type != f.type) {
        diag.error(f.loc, "field '" + f.name + "' is declared again with "
                          "another type (" + f.type->str() + ", was " +
                          prev->second->type->str() + ")");
        diag.note(prev->second->loc, "previous declaration is here");
      }
      // The same field declared twice with one type is one field (§3.4).
      it = cls.fields.erase(it);
      continue;
    }
    seen[f.name] = &f;
    f.index = index++;
    ++it;
  }
  llvm::StringMap<FuncDecl *> methods;
  for (auto &m : cls.methods) {
    m->parent = &cls;
    if (FieldDecl *f = cls.findField(m->name)) {
      diag.error(m->loc, "method '" + m->name + "' has the name of a field");
      diag.note(f->loc, "the field is declared here");
    }
    auto [it, inserted] = methods.try_emplace(m->name, m.get());
    if (!inserted) {
      diag.error(m->loc, "redefinition of method '" + m->name +
                             "': methods cannot be overloaded");
      diag.note(it->second->loc, "previous definition is here");
    }
    resolveSignature(*m);
  }
  if (cls.ctor) {
    cls.ctor->parent = &cls;
    resolveSignature(*cls.ctor);
  }
}

bool Checker::sameSignature(const FuncDecl &a, const FuncDecl &b) const {
  return a.paramTypes == b.paramTypes;
}

/// The binary operator spelled `symbol` ("+", "@"), if any.
static std::optional<BinaryOp> binaryOpFromSymbol(llvm::StringRef symbol) {
  for (int i = 0; i <= static_cast<int>(BinaryOp::Xor); ++i)
    if (spelling(static_cast<BinaryOp>(i)) == symbol)
      return static_cast<BinaryOp>(i);
  return std::nullopt;
}

/// The canonical operator names of §3.5, longest first.
static const char *const kOperatorNames[] = {
    "higher_eq", "minor_eq", "different", "higher", "equal", "minor",
    "offby", "mult", "add", "sub", "div", "mod", "mma"};

const Type *Checker::parseMangled(llvm::StringRef name, unsigned &ambiguity) {
  if (std::optional<Type::Kind> k = simpleKind(name))
    return *k == Type::Kind::Void ? nullptr : types.get(*k);
  if (ClassDecl *cls = lookupClass(name))
    return cls->type;
  if (foreignTypes.count(name))
    return types.foreign(name);
  if (name.consume_front("buffer_")) {
    const Type *e = parseMangled(name, ambiguity);
    return e ? types.pointer(e) : nullptr;
  }
  if (name.consume_front("array_")) {
    const Type *e = parseMangled(name, ambiguity);
    return e ? types.array(e) : nullptr;
  }
  if (name.consume_front("map_")) {
    const Type *found = nullptr;
    for (size_t i = name.find('_'); i != llvm::StringRef::npos;
         i = name.find('_', i + 1)) {
      const Type *k = parseMangled(name.take_front(i), ambiguity);
      const Type *v = parseMangled(name.drop_front(i + 1), ambiguity);
      if (k && v) {
        if (found)
          ++ambiguity;
        found = types.map(k, v);
      }
    }
    return found;
  }
  return nullptr;
}

void Checker::splitOperation(FuncDecl &op) {
  sideBuffer = op.bufferID;
  llvm::StringRef name = op.name;
  llvm::StringRef opName;
  for (const char *candidate : kOperatorNames)
    if (name.ends_with(std::string("_") + candidate)) {
      opName = candidate;
      break;
    }
  if (opName.empty()) {
    diag.error(op.loc, "'" + op.name + "' does not end in an operator name "
                       "(add, sub, mult, div, mod, mma, equal, different, "
                       "minor, higher, minor_eq, higher_eq, offby)");
    return;
  }
  llvm::StringRef rest = name.drop_back(opName.size() + 1);
  const Type *lhs = nullptr, *rhs = nullptr;
  unsigned splits = 0, ambiguity = 0;
  for (size_t i = rest.find('_'); i != llvm::StringRef::npos;
       i = rest.find('_', i + 1)) {
    const Type *l = parseMangled(rest.take_front(i), ambiguity);
    const Type *r = parseMangled(rest.drop_front(i + 1), ambiguity);
    if (l && r) {
      ++splits;
      lhs = l;
      rhs = r;
    }
  }
  if (splits != 1 || ambiguity) {
    diag.error(op.loc, "cannot split '" + rest + "' into two type names: " +
                           (splits == 0 ? "no split names two known types"
                                        : "more than one split does"));
    return;
  }
  auto userType = [](const Type *t) {
    return t->is(Type::Kind::Class) || t->is(Type::Kind::Foreign) ||
           t->is(Type::Kind::Layout);
  };
  if (!userType(lhs) && !userType(rhs)) {
    diag.error(op.loc, "operation '" + op.name + "' is for " + lhs->str() +
                           " and " + rhs->str() + ": an operator can only be "
                           "defined when an operand is a class, a foreign "
                           "pointer type, tensor or a layout (§3.5)");
    return;
  }
  op.paramTypes = {lhs, rhs};
  op.params.clear();
  for (const Type *t : {lhs, rhs}) {
    auto p = std::make_unique<VarDecl>(op.loc, "");
    p->type = t;
    op.params.push_back(std::move(p));
  }
  op.isOperator = false;
  // `l op r` finds it by its canonical name (§3.5).
}

void Checker::collectDeclarations() {
  declareClasses();
  collectForeignTypes();
  for (auto &m : program.modules)
    for (auto &fn : m->funcs)
      declareFunction(*fn);
  shadowFunctions();
  for (auto &m : program.modules)
    for (auto &cls : m->classes)
      if (isDeclaredClass(*cls))
        resolveClass(*cls);
  for (auto &m : program.modules)
    for (auto &fn : m->funcs) {
      if (fn->kind == FuncKind::Operation) {
        fn->returnType = resolveType(fn->returnTypeExpr, true);
        splitOperation(*fn);
        continue;
      }
      resolveSignature(*fn);
    }

  shadowOperators();
  // Redefinitions and overloads (§3.3), among definitions some code sees
  // together (§2.1).
  auto checkGroup = [&](llvm::StringRef name, std::vector<FuncDecl *> &group) {
    std::vector<FuncDecl *> kept;
    for (FuncDecl *fn : group) {
      bool keep = true;
      for (FuncDecl *prev : kept) {
        if (!coVisible(prev, fn))
          continue;
        bool protos = !prev->hasBody() && !fn->hasBody();
        if (protos) {
          if (sameSignature(*prev, *fn) &&
              prev->returnType == fn->returnType && prev->isSys == fn->isSys) {
            keep = false; // identical repeated protos are allowed (§3.8)
            break;
          }
          diag.error(fn->loc, "conflicting declaration of '" + fn->name +
                                  "': a different signature was declared "
                                  "before");
          diag.note(prev->loc, "previous declaration is here");
          keep = false;
          break;
        }
        bool overloadable =
            (prev->kind == FuncKind::Def || prev->kind == FuncKind::Gpu) &&
            (fn->kind == FuncKind::Def || fn->kind == FuncKind::Gpu);
        if (!overloadable || sameSignature(*prev, *fn)) {
          // An operator listed under its canonical name (§3.5).
          FuncDecl *alias = fn->isOperator && name != fn->name ? fn
                            : prev->isOperator && name != prev->name
                                ? prev
                                : nullptr;
          if (alias)
            diag.error(fn->loc, "redefinition of '" + name + "': operator '" +
                                    alias->name + "' on these operand types "
                                    "is also the function '" + name +
                                    "' (§3.5)");
          else
            diag.error(fn->loc, std::string("redefinition of ") +
                                    (fn->isOperator ? "operator '"
                                                    : "function '") +
                                    fn->name + "'" +
                                    (overloadable || sameSignature(*prev, *fn)
                                         ? ""
                                         : ": only def and gpu functions can "
                                           "be overloaded"));
          diag.note(prev->loc, "previous definition is here");
          keep = false;
          break;
        }
      }
      if (keep)
        kept.push_back(fn);
    }
    group = std::move(kept);
  };
  for (auto &entry : operators)
    checkGroup(entry.first(), entry.second);
  // A binary operator definition for L and R is also the function
  // ML_MR_name (§3.5): it can be called by that name, and a def or proto of
  // that name redefines it.
  // Groups stay in program order (modules as spliced, then source order),
  // so that a conflict is reported at the later declaration.
  llvm::DenseMap<unsigned, size_t> moduleIndex;
  for (size_t i = 0; i < program.modules.size(); ++i)
    moduleIndex[program.modules[i]->bufferID] = i;
  auto before = [&](const FuncDecl *a, const FuncDecl *b) {
    size_t ma = moduleIndex.lookup(a->bufferID),
           mb = moduleIndex.lookup(b->bufferID);
    if (ma != mb)
      return ma < mb;
    return std::less<const char *>()(a->loc.getPointer(), b->loc.getPointer());
  };
  for (auto &entry : operators)
    for (FuncDecl *fn : entry.second) {
      std::optional<BinaryOp> op = binaryOpFromSymbol(fn->name);
      if (!op || canonicalName(*op).empty() ||
          fn->paramTypes.size() - fn->numCallerParams() != 2 ||
          fn->paramTypes[0]->isError() || fn->paramTypes[1]->isError())
        continue;
      auto &group = functions[fn->paramTypes[0]->mangled() + "_" +
                              fn->paramTypes[1]->mangled() + "_" +
                              canonicalName(*op).str()];
      group.insert(llvm::upper_bound(group, fn, before), fn);
    }
  for (auto &entry : functions)
    checkGroup(entry.first(), entry.second);
}

void Checker::checkRecursion() {
  // gpu functions are always inlined, so they may not recurse (§3.7).
  llvm::DenseSet<FuncDecl *> done, onStack;
  std::function<void(FuncDecl *)> visit = [&](FuncDecl *fn) {
    if (done.count(fn))
      return;
    onStack.insert(fn);
    for (auto &[callee, loc] : deviceCalls.lookup(fn)) {
      if (onStack.count(callee)) {
        diag.error(loc, "gpu function '" + callee->name +
                            "' is called recursively; gpu functions are "
                            "inlined and cannot recurse");
        continue;
      }
      visit(callee);
    }
    onStack.erase(fn);
    done.insert(fn);
  };
  // In source order, so that the call reported does not depend on where
  // the declarations happen to be in memory.
  for (auto &m : program.modules)
    for (auto &fn : m->funcs)
      if (deviceCalls.count(fn.get()))
        visit(fn.get());
}

void Checker::run() {
  collectDeclarations();
  Module *mainModule = program.main;
  if (mainModule && !mainModule->main) {
    const llvm::SourceMgr &sm = diag.getSourceMgr();
    diag.error(SMLoc::getFromPointer(
                   sm.getMemoryBuffer(mainModule->bufferID
                                          ? mainModule->bufferID
                                          : sm.getMainFileID())
                       ->getBufferStart()),
               "the program has no 'main' block");
  }
  for (auto &m : program.modules) {
    for (auto &cls : m->classes) {
      if (!isDeclaredClass(*cls))
        continue;
      if (cls->ctor)
        checkFunction(*cls->ctor);
      for (auto &meth : cls->methods)
        checkFunction(*meth);
    }
    for (auto &fn : m->funcs)
      if (fn->hasBody())
        checkFunction(*fn);
  }
  checkRecursion();
  checkRoles(program, diag);
}

bool neve::checkProgram(Program &program, TypeContext &types,
                        DiagEngine &diag) {
  unsigned before = diag.numErrors();
  Checker(program, types, diag).run();
  return diag.numErrors() == before;
}
