//===- SemaHopper.cpp - The Hopper intrinsics and tensor maps (§8.4) ------===//
//
// The checks Builtins.td names for the Hopper entries: operands in their
// memory spaces (TMA destinations and wgmma tiles in shared memory,
// fragments and accumulators in registers), constants where the
// instruction takes an immediate (wait counts, register counts, launch
// bounds), wgmma's shapes, and the host's tensor_map. Which chip an entry
// needs (its `Chip`) is checked before, for every entry alike
// (Checker::checkBuiltin).
//
//===----------------------------------------------------------------------===//

#include "SemaInternal.h"

using namespace neve;
using namespace neve::sema;

namespace {
bool isTensorMap(const Type *t) {
  return t->is(Type::Kind::Foreign) && t->getName() == "tensor_map";
}
} // namespace

const Type *Checker::rootLayoutType(const Expr &e) const {
  const Expr *x = &e;
  while (auto *c = llvm::dyn_cast<CastExpr>(x))
    x = c->operand.get();
  // `v{i, j}` and `v{t0, t1}(c0, c1)`: the strides are v's.
  while (auto *sel = llvm::dyn_cast<SelectExpr>(x))
    x = sel->base.get();
  return x->type && x->type->is(Type::Kind::Layout) ? x->type : nullptr;
}

const Type *Checker::checkLaunchBounds(CallExpr &e, BuiltinArgs &a,
                                       const Type *) {
  if (a.params(types.voidTy(), {types.intTy(), types.intTy()})->isError())
    return types.errorTy();
  if (!currentFn || currentFn->kind != FuncKind::Kernel) {
    diag.error(e.getLoc(), "'launch_bounds' declares a kernel's block size: "
                           "it belongs in the body of a kernel, not of a gpu "
                           "function");
    return types.errorTy();
  }
  std::optional<int64_t> threads = constantInt(*e.args[0].value);
  std::optional<int64_t> blocks = constantInt(*e.args[1].value);
  if (!threads || !blocks) {
    diag.error(e.args[threads ? 1 : 0].loc,
               "'launch_bounds' needs constants");
    return types.errorTy();
  }
  if (*threads < 1 || *threads > 1024) {
    diag.error(e.args[0].loc, "'launch_bounds' gives at most 1024 threads "
                              "per block (and at least 1), not " +
                                  std::to_string(*threads));
    return types.errorTy();
  }
  if (*blocks < 0 || *blocks > 32) {
    diag.error(e.args[1].loc, "the blocks per multiprocessor of "
                              "'launch_bounds' are 0 (no minimum) to 32, not " +
                                  std::to_string(*blocks));
    return types.errorTy();
  }
  if (!launchBounded.insert(currentFn).second) {
    diag.error(e.getLoc(), "the kernel declares 'launch_bounds' twice");
    return types.errorTy();
  }
  return types.voidTy();
}

const Type *Checker::checkStmatrix(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.count(2) || a.anyError())
    return types.errorTy();
  const Type *dst = intrinsicAddress(a, 0, MemSpace::Shared, "destination");
  const Type *src =
      dst ? intrinsicAddress(a, 1, MemSpace::Register, "source") : nullptr;
  if (!src)
    return types.errorTy();
  auto b16 = [](const Type *t) {
    return t->is(Type::Kind::BF16) || t->is(Type::Kind::Half) ||
           t->is(Type::Kind::I16);
  };
  if (!b16(dst)) {
    diag.error(e.args[0].loc, "'" + a.name + "' stores 16-bit elements: its "
                              "destination holds bf16, half or i16, not " +
                                  dst->str());
    return types.errorTy();
  }
  if (!b16(src) && !src->is(Type::Kind::Int)) {
    diag.error(e.args[1].loc, "the fragments of '" + a.name + "' are a "
                              "register layout of bf16, half or i16 (or "
                              "int storage of pairs), not " + src->str());
    return types.errorTy();
  }
  return types.voidTy();
}

const Type *Checker::checkTmaLoad(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.noExtras() || a.anyError())
    return types.errorTy();
  if (e.args.size() < 4 || e.args.size() > 8) {
    diag.error(e.getLoc(), "'tma_load' takes the destination, the tensor "
                           "map, the mbarrier and 1 to 5 coordinates, but " +
                               std::to_string(e.args.size()) +
                               " arguments were given");
    return types.errorTy();
  }
  if (!intrinsicAddress(a, 0, MemSpace::Shared, "destination"))
    return types.errorTy();
  if (!isTensorMap(a.type(1))) {
    diag.error(e.args[1].loc, "the second argument of 'tma_load' is a "
                              "tensor_map (a kernel parameter), not " +
                                  a.type(1)->str());
    return types.errorTy();
  }
  bool ok = checkMbarOperand(e, 2, "tma_load");
  for (size_t i = 3; i < e.args.size(); ++i)
    ok &= coerce(e.args[i].value, types.intTy(),
                 "coordinate " + std::to_string(i - 2) + " of 'tma_load'");
  return ok ? types.voidTy() : types.errorTy();
}

const Type *Checker::checkTmaStore(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.noExtras() || a.anyError())
    return types.errorTy();
  // tma_store and tma_store_add
  std::string name = e.calleeName().str();
  if (e.args.size() < 3 || e.args.size() > 7) {
    diag.error(e.getLoc(), "'" + name +
                               "' takes the tensor map, the source and "
                               "1 to 5 coordinates, but " +
                               std::to_string(e.args.size()) +
                               " arguments were given");
    return types.errorTy();
  }
  if (!isTensorMap(a.type(0))) {
    diag.error(e.args[0].loc, "the first argument of '" + name +
                                  "' is a tensor_map (a kernel parameter), "
                                  "not " +
                                  a.type(0)->str());
    return types.errorTy();
  }
  if (!intrinsicAddress(a, 1, MemSpace::Shared, "source"))
    return types.errorTy();
  bool ok = true;
  for (size_t i = 2; i < e.args.size(); ++i)
    ok &= coerce(e.args[i].value, types.intTy(),
                 "coordinate " + std::to_string(i - 1) + " of '" + name +
                     "'");
  return ok ? types.voidTy() : types.errorTy();
}

bool Checker::checkMbarOperand(CallExpr &e, size_t i, llvm::StringRef name) {
  const Type *t = e.args[i].value->type;
  if (t->is(Type::Kind::Address) && t->getSpace() == MemSpace::Shared &&
      t->getElement()->is(Type::Kind::I64))
    return true;
  diag.error(e.args[i].loc, "the mbarrier of '" + name.str() +
                                "' is an element of an i64 shared layout "
                                "('bars{i}'), not " + t->str());
  return false;
}

const Type *Checker::checkConstantWait(CallExpr &e, BuiltinArgs &a,
                                       const Type *) {
  if (a.params(types.voidTy(), {types.intTy()})->isError())
    return types.errorTy();
  std::optional<int64_t> n = constantInt(*e.args[0].value);
  if (!n || *n < 0 || *n > 63) {
    diag.error(e.args[0].loc, "'" + a.name + "' needs a constant from 0 to 63");
    return types.errorTy();
  }
  return types.voidTy();
}

// bar_sync / bar_arrive(id, n): barrier 0 is syncthreads' (of the whole
// block), so a named barrier is 1..15 (checked where it is a constant; it
// may be computed, as warpgroup c's 1 + c); n counts whole warps.
const Type *Checker::checkNamedBarrier(CallExpr &e, BuiltinArgs &a,
                                       const Type *) {
  if (a.params(types.voidTy(), {types.intTy(), types.intTy()})->isError())
    return types.errorTy();
  std::optional<int64_t> id = constantInt(*e.args[0].value);
  if (id && (*id < 1 || *id > 15)) {
    diag.error(e.args[0].loc, "'" + a.name +
                                  "' takes a barrier from 1 to "
                                  "15 (0 is syncthreads'), not " +
                                  std::to_string(*id));
    return types.errorTy();
  }
  std::optional<int64_t> n = constantInt(*e.args[1].value);
  if (n && (*n < 32 || *n > 1024 || *n % 32)) {
    diag.error(e.args[1].loc, "'" + a.name +
                                  "' counts whole warps: 32 to "
                                  "1024 threads, a multiple of 32, not " +
                                  std::to_string(*n));
    return types.errorTy();
  }
  return types.voidTy();
}

const Type *Checker::checkSetmaxnreg(CallExpr &e, BuiltinArgs &a,
                                     const Type *) {
  if (a.params(types.voidTy(), {types.intTy()})->isError())
    return types.errorTy();
  std::optional<int64_t> n = constantInt(*e.args[0].value);
  if (!n || *n < 24 || *n > 256 || *n % 8) {
    diag.error(e.args[0].loc, "'" + a.name + "' needs a constant register "
                              "count from 24 to 256, a multiple of 8");
    return types.errorTy();
  }
  return types.voidTy();
}

const Type *Checker::checkWgmma(CallExpr &e, BuiltinArgs &a, const Type *) {
  if (!a.noExtras() || a.anyError())
    return types.errorTy();
  if (e.args.size() != 3 && e.args.size() != 4) {
    diag.error(e.getLoc(), "'" + a.name +
                               "' takes (d, a, b[, accumulate]), "
                               "but " +
                               std::to_string(e.args.size()) +
                               " arguments were given");
    return types.errorTy();
  }
  // accumulate: D = A B + D (true, the default) or D = A B (false: wgmma's
  // scale-d 0, no zeroing of D first), a literal (an immediate of the
  // instruction)
  if (e.args.size() == 4 && !llvm::isa<BoolLitExpr>(*e.args[3].value)) {
    diag.error(e.args[3].loc, "the accumulate argument of '" + a.name +
                                  "' is the literal true or false");
    return types.errorTy();
  }
  // D: a float register layout (or a tile of one) of N/2 elements.
  // Extents named by compile-time parameters are checked per
  // specialisation (MLIRGen).
  const Type *d = a.type(0);
  int64_t elements = 1;
  bool named = false;
  bool reg = d->is(Type::Kind::Layout) && d->getSpace() == MemSpace::Register;
  if (reg)
    for (const Extent &x : d->getExtents()) {
      reg &= x.kind != Extent::Kind::Dynamic;
      named |= x.kind == Extent::Kind::Named;
      elements *= x.value;
    }
  if (!reg || !d->getElement()->is(Type::Kind::Float) ||
      (!named && (elements % 4 || elements < 4 || elements > 128))) {
    diag.error(
        e.args[0].loc,
        "the accumulator of '" + a.name +
            "' is a float register layout (or a "
            "tile of one) of N/2 elements with constant extents, N a "
            "multiple of 8 up to 256 (layout<float, 64>() for m64n128k16), "
            "not " +
            d->str());
    return types.errorTy();
  }
  // A: a tile in shared memory, or (§8.4) this thread's fragment of it in
  // registers: 8 bf16 or half elements, or 4 ints holding their pairs.
  const Type *aType = a.type(1);
  bool aRegs =
      (aType->is(Type::Kind::Layout) || aType->is(Type::Kind::Address)) &&
      aType->getSpace() == MemSpace::Register;
  // wgmma_tn reads A MN-major, which only a shared-memory tile can be.
  if (aRegs && a.name == "wgmma_tn")
    aRegs = false;
  const Type *ta =
      aRegs ? intrinsicAddress(a, 1, MemSpace::Register, "A fragment")
            : intrinsicAddress(a, 1, MemSpace::Shared, "A tile");
  const Type *tb = ta ? intrinsicAddress(a, 2, MemSpace::Shared, "B tile")
                      : nullptr;
  if (!tb)
    return types.errorTy();
  auto half = [](const Type *t) {
    return t->is(Type::Kind::BF16) || t->is(Type::Kind::Half);
  };
  if (aRegs && ta->is(Type::Kind::Int))
    ta = tb;
  // float tiles: TF32 (m64nNk8), both operands in shared memory, K-major
  // (wgmma reads tf32 only K-major, and from registers only as 32-bit A).
  bool tf32 = ta->is(Type::Kind::Float) && ta == tb;
  if (tf32 && (aRegs || a.name != "wgmma")) {
    diag.error(e.getLoc(), "'" + a.name + "' of float (TF32) tiles takes " +
                               (aRegs ? "A in shared memory, not registers"
                                      : "K-major tiles only: use 'wgmma' "
                                        "with a transposed copy"));
    return types.errorTy();
  }
  if ((!half(ta) && !tf32) || ta != tb) {
    diag.error(e.getLoc(), "the A and B operands of '" + a.name +
                               "' are both bf16, both half or both float "
                               "(TF32), not " +
                               ta->str() + " and " + tb->str());
    return types.errorTy();
  }
  int64_t elemBytes = tf32 ? 4 : 2;
  // K-major tiles in a swizzled layout whose rows are 32, 64 or 128 bytes
  // (§8.4): checked where the layout's row is known here.
  for (size_t i : {size_t(1), size_t(2)}) {
    if (i == 1 && aRegs)
      continue;
    const Type *root = rootLayoutType(*e.args[i].value);
    if (!root || root->getExtents().size() < 2 ||
        !root->getExtents().back().isConst())
      continue;
    int64_t rowBytes = root->getExtents().back().value * elemBytes;
    if (rowBytes != 32 && rowBytes != 64 && rowBytes != 128) {
      diag.error(e.args[i].loc,
                 std::string("the ") + (i == 1 ? "A" : "B") + " tile of '" +
                     a.name +
                     "' lies in a shared layout whose rows "
                     "hold 32, 64 or 128 bytes (" +
                     (tf32 ? "8, 16 or 32 floats" : "16, 32 or 64 elements") +
                     ": the swizzle), not " + std::to_string(rowBytes) + " (" +
                     root->str() + ")");
      return types.errorTy();
    }
  }
  return types.voidTy();
}

const Type *Checker::checkTensorMap(CallExpr &e, BuiltinArgs &a,
                                    const Type *) {
  bool threeD = a.name == "tensor_map_3d";
  if (!a.noExtras() || a.anyError())
    return types.errorTy();
  size_t n = e.args.size();
  if (threeD ? n != 8 : (n != 6 && n != 7)) {
    diag.error(e.getLoc(),
               threeD ? "'tensor_map_3d' takes (p, d0, d1, d2, b0, b1, b2, "
                        "swizzle), but " + std::to_string(n) +
                            " arguments were given"
                      : "'tensor_map' takes (p, rows, cols, box_rows, "
                        "box_cols, swizzle[, pitch]), but " +
                            std::to_string(n) + " arguments were given");
    return types.errorTy();
  }
  const Type *p = a.type(0);
  const Type *elem = nullptr;
  if (p->is(Type::Kind::Pointer))
    elem = p->getElement();
  else if (p->is(Type::Kind::Foreign) &&
           (p->getName() == "float_pp" || p->getName() == "bf16_pp"))
    elem = p->getName() == "bf16_pp" ? types.get(Type::Kind::BF16)
                                     : types.floatTy();
  if (!elem || !(elem->isNumeric() && !elem->is(Type::Kind::Bool))) {
    diag.error(e.args[0].loc, "the tensor of '" + a.name + "' is a device "
                              "pointer of numbers (bf16[], float[], a float_pp "
                              "or bf16_pp, ...), not " + p->str());
    return types.errorTy();
  }
  bool ok = true;
  size_t dims = threeD ? 3 : 2;
  for (size_t i = 1; i < n; ++i) {
    bool extent = i <= dims || (!threeD && i == 6);
    ok &= coerce(e.args[i].value, extent ? types.i64Ty() : types.intTy(),
                 "argument " + std::to_string(i + 1) + " of '" + a.name + "'");
  }
  if (!ok)
    return types.errorTy();
  size_t swizzleArg = threeD ? 7 : 5;
  if (std::optional<int64_t> s = constantInt(*e.args[swizzleArg].value);
      s && *s != 0 && *s != 32 && *s != 64 && *s != 128) {
    diag.error(e.args[swizzleArg].loc, "the swizzle of '" + a.name +
                                           "' is 0, 32, 64 or 128 (bytes), "
                                           "not " + std::to_string(*s));
    return types.errorTy();
  }
  for (size_t i = dims + 1; i < swizzleArg; ++i)
    if (std::optional<int64_t> b = constantInt(*e.args[i].value);
        b && (*b < 1 || *b > 256)) {
      diag.error(e.args[i].loc, "a box extent of '" + a.name +
                                    "' is 1 to 256 elements, not " +
                                    std::to_string(*b));
      return types.errorTy();
    }
  return types.foreign("tensor_map");
}
