//===- SemaBuiltin.cpp - Builtins, builtin methods and intrinsics ---------===//
//
// The host builtins of §7, the builtin methods of str, array, map and
// channel, and the device intrinsics of §8.4 are entries of Builtins.td.
// A call is checked in two steps: where the entry may be used, then its
// signature, which the table gives as a list of types (the generated
// switch of checkBuiltinSignature) or, for signatures no fixed list
// expresses, by naming one of the checks below.
//
//===----------------------------------------------------------------------===//

#include "SemaInternal.h"

using namespace neve;
using namespace neve::sema;

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

bool BuiltinArgs::noExtras() {
  for (auto &a : e.args)
    if (!a.keyword.empty() || a.split != ArgSplit::None) {
      c.diag.error(at(a), "'" + name + "' takes positional arguments only");
      return false;
    }
  return true;
}

bool BuiltinArgs::count(size_t n) {
  if (!noExtras())
    return false;
  if (e.args.size() != n) {
    c.diag.error(at(e), "'" + name + "' takes " + std::to_string(n) +
                                 " argument(s), but " +
                                 std::to_string(e.args.size()) + " were given");
    return false;
  }
  return true;
}

bool BuiltinArgs::anyError() {
  for (auto &a : e.args)
    if (a.value->type->isError())
      return true;
  return false;
}

const Type *BuiltinArgs::params(const Type *result,
                                llvm::ArrayRef<const Type *> ps) {
  if (!count(ps.size()))
    return c.types.errorTy();
  bool ok = true;
  for (size_t i = 0; i < ps.size(); ++i)
    ok &= c.coerce(e.args[i].value, ps[i],
                   "argument " + std::to_string(i + 1) + " of '" + name + "'");
  return ok ? result : c.types.errorTy();
}

//===----------------------------------------------------------------------===//
// Lookup and dispatch
//===----------------------------------------------------------------------===//

unsigned neve::sema::chipNumber(llvm::StringRef chip) {
  unsigned n = 0;
  chip.consume_front("sm_");
  chip.take_while([](char c) { return c >= '0' && c <= '9'; })
      .getAsInteger(10, n);
  return n;
}

bool neve::sema::chipProvides(llvm::StringRef target, llvm::StringRef need) {
  // sm_90a's instructions (wgmma, setmaxnreg) exist on sm_90a only; the
  // others on every chip from theirs on (arch-specific targets included).
  if (need.ends_with("a"))
    return target == need;
  return chipNumber(target) >= chipNumber(need);
}

BuiltinId Checker::builtinFunction(llvm::StringRef name) const {
  return lookupBuiltinFunction(name, program.testBuiltins);
}

BuiltinId Checker::builtinMethod(const Type *recv, llvm::StringRef name) const {
  return lookupBuiltinMethod(recv->getKind(), name, program.testBuiltins);
}

BuiltinId Checker::predeclaredValue(llvm::StringRef name) const {
  return lookupPredeclaredValue(name, program.testBuiltins);
}

bool Checker::isPredeclared(llvm::StringRef name) const {
  return builtinFunction(name) != BuiltinId::None ||
         predeclaredValue(name) != BuiltinId::None;
}

llvm::SmallVector<const Type *, 4>
Checker::builtinParamTypes(BuiltinId id, const Type *recv) {
  (void)recv;
  switch (id) {
#define NEVE_BUILTIN_PARAM_TYPES
#include "neve/Frontend/BuiltinSema.inc"
  default:
    return {};
  }
}

void Checker::checkBuiltinArgs(CallExpr &e, BuiltinId id, const Type *recv) {
  llvm::SmallVector<const Type *, 4> params = builtinParamTypes(id, recv);
  // Device code has no str values, but the string literals of print and
  // assert become the text of a printf format (§8.3).
  bool literalText =
      id == BuiltinId::fn_assert ||
      (context == Context::Device &&
       (id == BuiltinId::fn_print || id == BuiltinId::fn_printl));
  for (size_t i = 0; i < e.args.size(); ++i) {
    if (literalText && llvm::isa<StrLitExpr>(*e.args[i].value)) {
      e.args[i].value->type = types.strTy();
      continue;
    }
    checkExpr(e.args[i].value, i < params.size() ? params[i] : nullptr);
  }
}

const Type *Checker::checkBuiltinSignature(BuiltinId id, CallExpr &e,
                                           BuiltinArgs &a, const Type *recv) {
  (void)recv;
  switch (id) {
#define NEVE_BUILTIN_CHECKS
#include "neve/Frontend/BuiltinSema.inc"
  default:
    break;
  }
  llvm_unreachable("a predeclared value called as a builtin");
}

const Type *Checker::checkBuiltin(CallExpr &e, BuiltinId id,
                                  const Type *recv) {
  const BuiltinInfo &info = builtinInfo(id);
  llvm::StringRef name = info.name;
  std::string quoted = "'" + name.str() + "'";
  if ((info.where == BuiltinWhere::Host && refuseInDevice(e.getLoc(), quoted)) ||
      (info.where == BuiltinWhere::Device && refuseInHost(e.getLoc(), quoted)))
    return types.errorTy();
  // A library's kernel of such intrinsics is compiled with a body that only traps instead
  // (--neve-kernel-abi): the library chooses it at run time only where it
  // runs (sm90a_available(), gpu_capability()).
  if (*info.chip && !program.gpuArch.empty() &&
      !chipProvides(program.gpuArch, info.chip) && !inLibrary()) {
    llvm::StringRef need = info.chip;
    diag.error(e.getLoc(),
               quoted + " needs " +
                   (need.ends_with("a")
                        ? need.str() + " (an instruction of Hopper's "
                                       "arch-specific set, on no other chip)"
                        : need.str() + " or later (Hopper)") +
                   ", but the program is compiled for " + program.gpuArch +
                   ": build with --gpu-arch=" +
                   (need.ends_with("a") || chipNumber(program.gpuArch) < 90
                        ? need.str()
                        : need.str() + " or later"));
    return types.errorTy();
  }
  BuiltinArgs a{*this, e, name};
  const Type *t = checkBuiltinSignature(id, e, a, recv);
  if (!t->isError()) {
    e.callKind = info.form == BuiltinForm::Method ? CallKind::BuiltinMethod
                                                  : CallKind::Builtin;
    e.builtin = id;
  }
  return t;
}

//===----------------------------------------------------------------------===//
// Host builtins and builtin methods (§7)
//===----------------------------------------------------------------------===//

/// What `print` may write in device code (§8.3): string literals and
/// scalars (a printf format holds the literals; vprintf takes the rest).
static bool devicePrintable(const Expr &e) {
  const Type *t = e.type;
  if (llvm::isa<StrLitExpr>(e))
    return true;
  return t->isError() || t->isNumeric() || t->is(Type::Kind::Bool) ||
         t->is(Type::Kind::Char);
}

const Type *Checker::checkPrint(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.noExtras())
    return types.errorTy();
  for (auto &arg : e.args) {
    const Type *t = arg.value->type;
    if (context == Context::Device) {
      if (!devicePrintable(*arg.value))
        diag.error(at(*arg.value),
                   "in device code, '" + a.name +
                       "' writes string literals and scalars, not " +
                       (t->is(Type::Kind::Str) ? "a str value"
                                               : "a value of type " + t->str()));
      continue;
    }
    if (t->isError() || t->isNumeric() || t->is(Type::Kind::Str) ||
        t->is(Type::Kind::Nil))
      continue;
    diag.error(at(*arg.value),
               "cannot print a value of type " + t->str() +
                   (t->is(Type::Kind::Array) ? llvm::Twine(" (use its .print())")
                                             : llvm::Twine("")));
  }
  return types.voidTy();
}

const Type *Checker::checkAssert(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.count(2) || a.anyError())
    return types.errorTy();
  bool ok = coerce(e.args[0].value, types.boolTy(),
                   "the condition of 'assert'");
  // The message is part of the program's text (in device code it goes
  // into a printf format): a literal.
  if (!llvm::isa<StrLitExpr>(*e.args[1].value)) {
    diag.error(at(*e.args[1].value),
               "the message of 'assert' must be a string literal");
    return types.errorTy();
  }
  ok &= coerce(e.args[1].value, types.strTy(), "the message of 'assert'");
  return ok ? types.voidTy() : types.errorTy();
}

const Type *Checker::checkMinMax(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.count(2) || a.anyError())
    return types.errorTy();
  if (!a.type(0)->isNumeric() || !a.type(1)->isNumeric()) {
    diag.error(at(e), "'" + a.name + "' takes two numbers, not " +
                               a.type(0)->str() + " and " + a.type(1)->str());
    return types.errorTy();
  }
  const Type *t = promote(a.type(0), a.type(1));
  coerce(e.args[0].value, t, "the argument of '" + a.name + "'");
  coerce(e.args[1].value, t, "the argument of '" + a.name + "'");
  return t;
}

const Type *Checker::checkStrSplit(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.count(1) || a.anyError())
    return types.errorTy();
  if (!a.type(0)->is(Type::Kind::Str) && !a.type(0)->is(Type::Kind::Char)) {
    diag.error(at(e.args[0]), "'split' takes a str or char separator, not " +
                                  a.type(0)->str());
    return types.errorTy();
  }
  coerce(e.args[0].value, types.strTy(), "the separator");
  return types.array(types.strTy());
}

const Type *Checker::checkArrayAppend(CallExpr &e, BuiltinArgs &a,
                                      const Type *recv) {
  if (!a.count(1))
    return types.errorTy();
  coerce(e.args[0].value, recv->getElement(), "the appended value");
  return types.voidTy();
}

const Type *Checker::checkArrayFold(CallExpr &e, BuiltinArgs &a,
                                    const Type *recv) {
  // The runtime folds int, i64 and float, as `reduce` does (§5.3, §7).
  const Type *elem = recv->getElement();
  using K = Type::Kind;
  if (!elem->is(K::Int) && !elem->is(K::I64) && !elem->is(K::Float)) {
    diag.error(at(e), "'" + a.name + "' needs an array of int, i64 or "
                               "float, not " + recv->str());
    return types.errorTy();
  }
  return a.params(elem, {});
}

const Type *Checker::checkArrayPrint(CallExpr &e, BuiltinArgs &a,
                                     const Type *recv) {
  // Elements print as print() prints them (§7): integers, float, bool,
  // char and str; not bf16 or half, nor anything but scalars and strings.
  const Type *elem = recv->getElement();
  using K = Type::Kind;
  if (!elem->isError() && !elem->is(K::Str) &&
      (!elem->isScalar() || elem->is(K::BF16) || elem->is(K::Half))) {
    diag.error(at(e), "'print' needs an array of integers, float, "
                           "bool, char or str, not " + recv->str());
    return types.errorTy();
  }
  return a.params(types.voidTy(), {});
}

const Type *Checker::checkChannelSum(CallExpr &e, BuiltinArgs &a,
                                     const Type *recv) {
  const Type *elem = recv->getElement();
  if (!elem->is(Type::Kind::Int) && !elem->is(Type::Kind::Float)) {
    diag.error(at(e), "'sum' needs a channel of int or float, not " +
                               recv->str());
    return types.errorTy();
  }
  return a.params(elem, {});
}

//===----------------------------------------------------------------------===//
// Device intrinsics (§8.4)
//===----------------------------------------------------------------------===//

const Type *Checker::checkShuffle(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.count(2) || a.anyError())
    return types.errorTy();
  const Type *t = a.type(0);
  if (!t->is(Type::Kind::Int) && !t->is(Type::Kind::Float)) {
    diag.error(at(e.args[0]), "'" + a.name + "' exchanges an int or a float, "
                              "not " + t->str());
    return types.errorTy();
  }
  coerce(e.args[1].value, types.intTy(),
         "the lane argument of '" + a.name + "'");
  return t;
}

const Type *Checker::checkAtomicIntOnly(CallExpr &e, BuiltinArgs &a,
                                        const Type *recv) {
  return checkAtomic(e, a, recv, /*intOnly=*/true);
}

const Type *Checker::checkAtomic(CallExpr &e, BuiltinArgs &a, const Type *,
                                 bool intOnly) {
  if (!a.count(3) || a.anyError())
    return types.errorTy();
  const Type *p = a.type(0);
  const Type *elem = p->is(Type::Kind::Pointer) || p->is(Type::Kind::Address)
                         ? p->getElement()
                         : nullptr;
  if (!elem || !(elem->is(Type::Kind::Int) || elem->is(Type::Kind::Float))) {
    diag.error(at(e.args[0]), "'" + a.name + "' needs an int[] or float[] "
                              "pointer (or a layout element address), not " +
                                  p->str());
    return types.errorTy();
  }
  if (intOnly && !elem->is(Type::Kind::Int)) {
    diag.error(at(e), "'" + a.name + "' works on int only");
    return types.errorTy();
  }
  coerce(e.args[1].value, types.intTy(), "the index of '" + a.name + "'");
  coerce(e.args[2].value, elem, "the value of '" + a.name + "'");
  return elem;
}

const Type *Checker::checkCpWaitGroup(CallExpr &e, BuiltinArgs &a,
                                      const Type *) {
  if (a.params(types.voidTy(), {types.intTy()})->isError())
    return types.errorTy();
  if (!constantInt(*e.args[0].value)) {
    diag.error(at(e.args[0]), "'cp_wait_group' needs a constant");
    return types.errorTy();
  }
  return types.voidTy();
}

const Type *Checker::intrinsicAddress(BuiltinArgs &a, size_t i,
                                      std::optional<MemSpace> space,
                                      llvm::StringRef role) {
  const Type *t = a.type(i);
  auto &arg = a.e.args[i];
  if (t->is(Type::Kind::Address) || t->is(Type::Kind::Layout)) {
    if (space && t->getSpace() != *space) {
      diag.error(at(arg), "the " + role + " of '" + a.name +
                              "' must be in " +
                              (*space == MemSpace::Shared     ? "shared memory"
                               : *space == MemSpace::Register ? "registers"
                                                              : "global memory") +
                              ", not " + t->str());
      return nullptr;
    }
    return t->getElement();
  }
  if (t->is(Type::Kind::Pointer) && (!space || *space == MemSpace::Global))
    return t->getElement();
  diag.error(at(arg), "the " + role + " of '" + a.name +
                          "' must be an element address 'v{...}' or a tile, "
                          "not " + t->str());
  return nullptr;
}

// Address operands: element addresses, tiles or pointers (§8.5.5).
const Type *Checker::checkCpAsync16(CallExpr &, BuiltinArgs &a, const Type *) {
  if (!a.count(2) || a.anyError())
    return types.errorTy();
  bool ok = intrinsicAddress(a, 0, MemSpace::Shared, "destination") &&
            intrinsicAddress(a, 1, MemSpace::Global, "source");
  return ok ? types.voidTy() : types.errorTy();
}

const Type *Checker::checkLdmatrix(CallExpr &, BuiltinArgs &a, const Type *) {
  if (!a.count(2) || a.anyError())
    return types.errorTy();
  bool ok = intrinsicAddress(a, 0, MemSpace::Register, "destination") &&
            intrinsicAddress(a, 1, MemSpace::Shared, "source");
  return ok ? types.voidTy() : types.errorTy();
}

const Type *Checker::checkMma16x8x16(CallExpr &e, BuiltinArgs &a,
                                     const Type *) {
  if (!a.count(3) || a.anyError())
    return types.errorTy();
  const Type *d = intrinsicAddress(a, 0, MemSpace::Register, "accumulator");
  const Type *fa =
      d ? intrinsicAddress(a, 1, MemSpace::Register, "A fragment") : nullptr;
  const Type *fb =
      fa ? intrinsicAddress(a, 2, MemSpace::Register, "B fragment") : nullptr;
  if (!fb)
    return types.errorTy();
  if (!d->is(Type::Kind::Float)) {
    diag.error(at(e.args[0]), "the accumulator of 'mma_16x8x16' must be a "
                              "float layout (§11.2), not " + d->str());
    return types.errorTy();
  }
  auto fragment = [](const Type *t) {
    return t->is(Type::Kind::Int) || t->is(Type::Kind::BF16) ||
           t->is(Type::Kind::Half);
  };
  if (!fragment(fa) || !fragment(fb)) {
    diag.error(at(e), "the fragments of 'mma_16x8x16' are bf16 or half "
                           "layouts (or int fragment storage)");
    return types.errorTy();
  }
  return types.voidTy();
}
