//===- MLIRGenInvariants.cpp - What code generation relies on Sema for ----===//
//
// Code generation compiles every construct of the language. It relies on
// the type checker for the rest: the rules here say what reaches it (the
// types values may have, the operands of each operator, what is indexed
// and called) and are checked where each construct is emitted, so that a
// program Sema should have rejected is reported, at the construct, as an
// internal error instead of crashing the compiler; the module is then
// discarded (emitMLIR returns null). The shape checks of the builtin tiled
// product (§8.6) are the exception: they are errors of the program, which
// MLIRGen is the first to see.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"

using namespace neve;
using namespace neve::mlirgen;

void Generator::internalError(llvm::SMLoc l, const llvm::Twine &what) {
  diag->error(l, "internal error: code generation met " + what +
                     ", which the type checker rejects");
  ++refusals;
}

Value Generator::refusedValue(const Type *t, mlir::Location l) {
  if (!t || t->isVoid() || t->isError())
    return nullptr;
  if (t->is(Type::Kind::Nil))
    return mlir::neve::NilOp::create(b, l);
  mlir::Type mt = t->is(Type::Kind::FixedArray) ? fixedStorageType(t)
                                                : convert(t);
  return mlir::UnrealizedConversionCastOp::create(b, l, mt, mlir::ValueRange{})
      .getResult(0);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// Element types whose arrays the runtime folds: int, i64, float.
bool neve::mlirgen::isFoldable(const Type *t) {
  return t && (t->is(Type::Kind::Int) || t->is(Type::Kind::I64) ||
               t->is(Type::Kind::Float));
}

bool Generator::supportsType(const Type *t, llvm::SMLoc l,
                             const llvm::Twine &what) {
  if (!t || t->isError() || t->isVoid())
    return true;
  using K = Type::Kind;
  switch (t->getKind()) {
  case K::Bool:
  case K::Char:
  case K::I8:
  case K::I16:
  case K::Int:
  case K::I64:
  case K::Float:
  case K::BF16:
  case K::Half:
  case K::Str:
  case K::Class:
  case K::Any:
    return true;
  case K::Array:
    // Elements of any type stored by value (the runtime's arrays know
    // their element size): scalars, references, tuples, pointers,
    // function values; not fixed arrays (supportsMember).
    return supportsMember(t->getElement(), t, l, what);
  case K::Map: {
    // Keys the runtime hashes (integers, char, bool, float, str, class
    // objects by identity); values of any supported type.
    const Type *k = t->getElement();
    if (!k || !(k->isIntegral() || k->is(K::Float) || k->is(K::Str) ||
                k->is(K::Class))) {
      internalError(l, what + t->str() + " (maps with " + (k ? k->str() : "?") +
                    " keys)");
      return false;
    }
    return supportsMember(t->getValue(), t, l, what);
  }
  case K::Channel:
    return supportsMember(t->getElement(), t, l, what);
  case K::FixedArray: {
    // Stored inline (MLIRGenFixed.cpp): scalar elements.
    const Type *e = t->getElement();
    if (e && e->isScalar())
      return true;
    internalError(l, what + t->str() + " (fixed arrays of " + (e ? e->str() : "?") +
                  ")");
    return false;
  }
  case K::Pointer:
  case K::Foreign:
  case K::Address:
  case K::Layout:
    // Host pointers (MLIRGenPointer.cpp), element addresses `v{...}` and
    // layouts of any extents (MLIRGenLayout.cpp).
    return true;
  case K::Tuple:
  case K::Function: {
    bool ok = true;
    for (const Type *m : t->getMembers())
      ok &= supportsMember(m, t, l, what);
    return ok;
  }
  default:
    internalError(l, what + t->str());
    return false;
  }
}

bool Generator::supportsMember(const Type *m, const Type *outer,
                               llvm::SMLoc l, const llvm::Twine &what) {
  // A fixed array is stored inline only in variables, fields and results.
  if (m && m->is(Type::Kind::FixedArray)) {
    internalError(l, what + outer->str() + " (holding " + m->str() + ")");
    return false;
  }
  return supportsType(m, l, what);
}

bool Generator::supportsProtoType(const Type *t, llvm::SMLoc l,
                                  const llvm::Twine &what) {
  // Scalars, pointers and foreign pointers pass as C values; references
  // as supported elsewhere.
  if (t && (t->isPointerLike() || t->isIntegral() || t->is(Type::Kind::Float)))
    return true;
  return supportsType(t, l, what);
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

void Generator::checkSignature(const FuncDecl &fn) {
  switch (fn.kind) {
  case FuncKind::Def:
  case FuncKind::Main:
  case FuncKind::Method:
  case FuncKind::Ctor:
    for (auto &p : fn.params)
      supportsType(p->type, p->loc, "parameters of type ");
    supportsType(fn.returnType, fn.loc, "functions returning ");
    return;
  case FuncKind::Gpu:
  case FuncKind::Kernel:
    // gpu functions take layouts (§8.5.6: specialised per argument view
    // type, inlined into kernels); kernels take pointers.
    for (auto &p : fn.params) {
      if (p->type && p->type->is(Type::Kind::Layout) &&
          fn.kind == FuncKind::Kernel) {
        internalError(p->loc, "layout parameters of kernels (pass the pointer and "
                       "the extents: a launch has no views)");
        continue;
      }
      supportsType(p->type, p->loc, "parameters of type ");
    }
    if (fn.returnType && fn.returnType->is(Type::Kind::Layout))
      internalError(fn.loc, "functions returning layouts");
    supportsType(fn.returnType, fn.loc, "functions returning ");
    return;
  case FuncKind::Proto:
    // A C declaration: its types must have a C form (§3.8).
    for (const Type *t : fn.paramTypes)
      supportsProtoType(t, fn.loc, "foreign functions taking ");
    supportsProtoType(fn.returnType, fn.loc, "foreign functions returning ");
    if (fn.returnType && fn.returnType->is(Type::Kind::FixedArray))
      internalError(fn.loc, "foreign functions returning " + fn.returnType->str() +
                         " (C returns no arrays)");
    return;
  case FuncKind::Operation:
    // A foreign operator: a C call like a non-sys proto (§3.8).
    for (const Type *t : fn.paramTypes)
      supportsProtoType(t, fn.loc, "foreign operations taking ");
    supportsProtoType(fn.returnType, fn.loc, "foreign operations returning ");
    return;
  }
}

bool Generator::supportsOperatorFunc(const FuncDecl &fn, llvm::SMLoc l) {
  if (!fn.ctimeParams.empty()) {
    internalError(l, "operators with compile-time parameters");
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The builtin tiled product (§8.6)
//===----------------------------------------------------------------------===//

bool Generator::supportsBuiltinMatmul(const AssignStmt &as) {
  // The shapes layout.matmul lowers: a Z block tile of constant extents,
  // multiples of 16×8, whose staging fits in a block's shared memory, and
  // X and Y tiles with as many rows as Z.
  auto &product = llvm::cast<BinaryExpr>(*as.value);
  const Type *z = as.targets[0]->type, *x = product.lhs->type,
             *y = product.rhs->type;
  llvm::SMLoc l = as.getLoc();
  auto extent = [](const Type *t, unsigned i) -> int64_t {
    auto ext = t->getExtents();
    return i < ext.size() && ext[i].isConst() ? ext[i].value : -1;
  };
  int64_t m = extent(z, 0), n = extent(z, 1);
  if (m < 0 || n < 0) {
    // Compile-time parameters are checked per specialization.
    for (unsigned i = 0; i < 2; ++i)
      if (z->getExtents()[i].kind != Extent::Kind::Named || !currentFn ||
          !llvm::is_contained(currentFn->ctimeParams,
                              z->getExtents()[i].name)) {
        diag->error(l, "the builtin tiled product 'Z += X @ Y' needs Z to be "
                       "a tile of constant extents (the block tile, e.g. "
                       "c{128, 128}(bx, by)), not " + z->str());
        ++refusals;
        return false;
      }
    return true;
  }
  auto fail = [&](const std::string &why) {
    diag->error(l, "the builtin tiled product 'Z += X @ Y' " + why);
    ++refusals;
    return false;
  };
  if (m % 16 || n % 8)
    return fail("needs a block tile whose extents are multiples of 16 and 8, "
                "not " + std::to_string(m) + "x" + std::to_string(n));
  if ((extent(x, 0) >= 0 && extent(x, 0) != m) ||
      (extent(y, 0) >= 0 && extent(y, 0) != n))
    return fail("needs X with the rows of Z (" + std::to_string(m) +
                ") and Y with its columns (" + std::to_string(n) + "), got " +
                x->str() + " and " + y->str());
  if (extent(x, 1) >= 0 && extent(y, 1) >= 0 && extent(x, 1) != extent(y, 1))
    return fail("needs X and Y with the same k, got " + x->str() + " and " +
                y->str());
  using mlir::layout::MatmulOp;
  int64_t staging =
      MatmulOp::stagingBytes(m, n, matmulStages(), matmulBlockK(), 2);
  if (staging > MatmulOp::kMaxSmemBytes)
    return fail("stages X and Y in " + std::to_string(staging) +
                " bytes of shared memory, more than a block's " +
                std::to_string(MatmulOp::kMaxSmemBytes) +
                ": use a smaller block tile");
  int64_t warps = MatmulOp::numWarps(m, n);
  if (warps > 32)
    return fail("needs " + std::to_string(warps) + " warps for a " +
                std::to_string(m) + "x" + std::to_string(n) +
                " block tile, more than a block has");
  return true;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

bool Generator::supportsBinary(const BinaryExpr &e) {
  if (e.opFunc)
    return supportsOperatorFunc(*e.opFunc, e.getLoc());
  const Type *ot = e.operandType;
  // `T[] offby k` and `T[N] offby k`: address arithmetic (§5.3).
  if (e.op == BinaryOp::Offby && e.lhs->type &&
      (e.lhs->type->is(Type::Kind::Pointer) ||
       e.lhs->type->is(Type::Kind::FixedArray)))
    return true;
  bool strOp = ot && ot->is(Type::Kind::Str);
  bool strSupported = e.op == BinaryOp::Eq || e.op == BinaryOp::Ne ||
                      e.op == BinaryOp::Add || e.op == BinaryOp::Lt ||
                      e.op == BinaryOp::Gt || e.op == BinaryOp::Le ||
                      e.op == BinaryOp::Ge;
  // `==`/`!=` on tuples (element-wise) and references (identity).
  bool valueEq = (e.op == BinaryOp::Eq || e.op == BinaryOp::Ne) && ot &&
                 (ot->is(Type::Kind::Tuple) || ot->is(Type::Kind::Nil) ||
                  ot->isNullable());
  if (e.op == BinaryOp::Offby || e.op == BinaryOp::MatMul ||
      (strOp && !strSupported) || (ot && !ot->isScalar() && !strOp && !valueEq)) {
    internalError(e.getLoc(), "operator '" + spelling(e.op) + "' on " +
                           (e.lhs->type ? e.lhs->type->str() : "?") + " and " +
                           (e.rhs->type ? e.rhs->type->str() : "?"));
    return false;
  }
  return true;
}

bool Generator::supportsIndex(const IndexExpr &ix) {
  const Type *bt = ix.base->type;
  if (bt && bt->is(Type::Kind::Tuple) && ix.items.size() == 1)
    return true;
  // Host pointers: `T[]` of numbers and float_cpu (unchecked, §5.2), and
  // fixed arrays (checked against N).
  bool pointer =
      bt && (bt->is(Type::Kind::FixedArray) ||
             (bt->is(Type::Kind::Pointer) && bt->getElement() &&
              (bt->getElement()->isIntegral() ||
               bt->getElement()->isFloat())) ||
             (bt->is(Type::Kind::Foreign) && isHostPointerIndexable(bt)));
  if (pointer && ix.items.size() == 1 && !ix.items[0].isSlice)
    return true;
  // Layouts: `v[i, j]` (§8.5.3).
  if (bt && bt->is(Type::Kind::Layout)) {
    if (!supportsType(bt, ix.getLoc(), "indexing a "))
      return false;
    for (auto &item : ix.items)
      if (item.isSlice) {
        internalError(ix.getLoc(), "slicing a layout");
        return false;
      }
    return true;
  }
  if (!bt || !(bt->is(Type::Kind::Array) || bt->is(Type::Kind::Map) ||
               bt->is(Type::Kind::Str))) {
    internalError(ix.getLoc(), "indexing a " + (bt ? bt->str() : std::string("?")));
    return false;
  }
  if (ix.items.size() != 1) {
    internalError(ix.getLoc(), "multiple indices");
    return false;
  }
  return true;
}

bool Generator::supportsCall(const CallExpr &c) {
  switch (c.callKind) {
  case CallKind::Builtin:
  case CallKind::BuiltinMethod:
  case CallKind::FunctionValue:
  case CallKind::Method:
    // Builtins refuse what they cannot emit in their emitters.
    return true;
  case CallKind::ExtMethod:
  case CallKind::Function:
    // A C call (§3.8), a def or gpu function (an operator definition
    // called by its canonical name too, §3.5), or an `operation` by name.
    if (c.decl && (c.decl->kind == FuncKind::Proto ||
                   c.decl->kind == FuncKind::Def ||
                   c.decl->kind == FuncKind::Gpu ||
                   c.decl->kind == FuncKind::Operation))
      return true;
    break;
  default:
    break;
  }
  internalError(c.getLoc(), "calls of '" + c.calleeName() + "'");
  return false;
}
