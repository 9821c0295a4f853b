//===- CodegenSupport.cpp - What MLIRGen can compile yet ------------------===//

#include "neve/Dialect/Layout/IR/LayoutOps.h"
#include "neve/Frontend/CodegenSupport.h"
#include "neve/Frontend/MLIRGen.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace neve;

namespace {
class SupportChecker {
public:
  SupportChecker(const Program &program, DiagEngine &diag)
      : program(program), diag(diag) {}

  /// Checks main and every function it reaches, in any module: the same
  /// set that MLIRGen emits.
  bool run() {
    if (program.main->main) {
      reach(program.main->main);
      // main calls the `_prebuild` functions first (§2.2).
      for (const FuncDecl *fn : prebuildFunctions(program))
        reach(fn);
    }
    drain();
    // What neve-fuse may call instead of a chain (MLIRGen emits it too).
    for (const FuncDecl *fn : fusionReplacements(
             program, [&](const FuncDecl *f) { return seen.contains(f); }))
      reach(fn);
    drain();
    return ok;
  }

private:
  void drain() {
    while (!worklist.empty()) {
      const FuncDecl *fn = worklist.back();
      worklist.pop_back();
      function(*fn);
    }
  }

  /// Queues `fn` for checking the first time it is referenced.
  void reach(const FuncDecl *fn) {
    if (fn && seen.insert(fn).second)
      worklist.push_back(fn);
  }

  void function(const FuncDecl &fn) {
    currentFn = &fn;
    switch (fn.kind) {
    case FuncKind::Def:
    case FuncKind::Main:
    case FuncKind::Method:
    case FuncKind::Ctor:
      // Compile-time parameters (§3.9): MLIRGen emits one specialization
      // per tuple of constants at the calls.
      for (auto &p : fn.params)
        type(p->type, p->loc, "parameters of type ");
      type(fn.returnType, fn.loc, "functions returning ");
      block(fn.body);
      return;
    case FuncKind::Gpu:
    case FuncKind::Kernel:
      // Device code (§3.7, MLIRGenDevice.cpp, MLIRGenLayout.cpp).
      // gpu functions take layouts (§8.5.6: specialised per argument
      // view type, inlined into kernels); kernels take pointers.
      for (auto &p : fn.params) {
        if (p->type && p->type->is(Type::Kind::Layout) &&
            fn.kind == FuncKind::Kernel) {
          refuse(p->loc, "layout parameters of kernels (pass the pointer and "
                         "the extents: a launch has no views)");
          continue;
        }
        type(p->type, p->loc, "parameters of type ");
      }
      if (fn.returnType && fn.returnType->is(Type::Kind::Layout))
        refuse(fn.loc, "functions returning layouts");
      type(fn.returnType, fn.loc, "functions returning ");
      block(fn.body);
      return;
    case FuncKind::Proto:
      // A C declaration: its types must have a C form (§3.8).
      for (const Type *t : fn.paramTypes)
        protoType(t, fn.loc, "foreign functions taking ");
      protoType(fn.returnType, fn.loc, "foreign functions returning ");
      if (fn.returnType && fn.returnType->is(Type::Kind::FixedArray))
        refuse(fn.loc, "foreign functions returning " +
                           fn.returnType->str() + " (C returns no arrays)");
      return;
    case FuncKind::Operation:
      // A foreign operator: a C call like a non-sys proto (§3.8).
      for (const Type *t : fn.paramTypes)
        protoType(t, fn.loc, "foreign operations taking ");
      protoType(fn.returnType, fn.loc, "foreign operations returning ");
      return;
    }
  }

private:
  void refuse(llvm::SMLoc loc, const llvm::Twine &what) {
    diag.error(loc, "code generation for " + what + " is not implemented yet");
    ok = false;
  }

  /// Element types whose arrays the runtime folds: int, i64, float.
  static bool foldable(const Type *t) {
    return t && (t->is(Type::Kind::Int) || t->is(Type::Kind::I64) ||
                 t->is(Type::Kind::Float));
  }

  void type(const Type *t, llvm::SMLoc loc, const llvm::Twine &what) {
    if (!t || t->isError() || t->isVoid())
      return;
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
      return;
    case K::Array: {
      // Arrays of scalars and strings; not of other arrays, maps or classes.
      const Type *e = t->getElement();
      if (e && (e->isIntegral() || e->is(K::Float) || e->is(K::Str)))
        return;
      // References: objects, arrays, maps and any, held as pointers.
      if (e && (e->is(K::Class) || e->is(K::Array) || e->is(K::Map) ||
                e->is(K::Any))) {
        type(e, loc, what);
        return;
      }
      // Function values are code addresses: unscanned storage holds them.
      if (e && e->is(K::Function)) {
        type(e, loc, what);
        return;
      }
      refuse(loc, what + t->str() + " (arrays of " +
                      (e ? e->str() : "?") + ")");
      return;
    }
    case K::Map: {
      // Keys the runtime hashes (integers, char, bool, float, str, class
      // objects by identity); values of any supported type.
      const Type *k = t->getElement();
      if (!k || !(k->isIntegral() || k->is(K::Float) || k->is(K::Str) ||
                  k->is(K::Class))) {
        refuse(loc, what + t->str() + " (maps with " +
                        (k ? k->str() : "?") + " keys)");
        return;
      }
      member(t->getValue(), t, loc, what);
      return;
    }
    case K::Any:
      return;
    case K::Channel:
      member(t->getElement(), t, loc, what);
      return;
    case K::FixedArray: {
      // Stored inline (MLIRGenFixed.cpp): scalar elements.
      const Type *e = t->getElement();
      if (e && e->isScalar())
        return;
      refuse(loc, what + t->str() + " (fixed arrays of " +
                      (e ? e->str() : "?") + ")");
      return;
    }
    case K::Pointer:
    case K::Foreign:
    case K::Address:
      // Host pointers: one !llvm.ptr (MLIRGenPointer.cpp); element
      // addresses `v{...}` (§8.5.5).
      return;
    case K::Layout:
      // A `!layout.view` (MLIRGenLayout.cpp): constant extents, compile-time
      // parameters (§3.9) and run-time extents alike.
      return;
    case K::Tuple:
    case K::Function:
      // Tuples and function values whose member types are supported.
      for (const Type *m : t->getMembers())
        member(m, t, loc, what);
      return;
    default:
      refuse(loc, what + t->str());
    }
  }

  /// The shapes the builtin tiled product (layout.matmul) lowers: a Z
  /// block tile of constant extents, multiples of 16×8, whose staging
  /// (3 stages of 32-wide slices of X and Y) fits in 48 KiB of shared
  /// memory, and X and Y tiles with as many rows as Z.
  void builtinMatmul(llvm::SMLoc loc, const Type *z, const Type *x,
                     const Type *y) {
    auto extent = [](const Type *t, unsigned i) -> int64_t {
      auto ext = t->getExtents();
      return i < ext.size() && ext[i].isConst() ? ext[i].value : -1;
    };
    int64_t m = extent(z, 0), n = extent(z, 1);
    std::string tile = z->str();
    if (m < 0 || n < 0) {
      // Compile-time parameters are checked per specialization.
      for (unsigned i = 0; i < 2; ++i)
        if (z->getExtents()[i].kind != Extent::Kind::Named ||
            !currentFn ||
            !llvm::is_contained(currentFn->ctimeParams,
                                z->getExtents()[i].name)) {
          diag.error(loc, "the builtin tiled product 'Z += X @ Y' needs Z "
                          "to be a tile of constant extents (the block "
                          "tile, e.g. c{128, 128}(bx, by)), not " + tile);
          ok = false;
          return;
        }
      return;
    }
    auto fail = [&](const std::string &why) {
      diag.error(loc, "the builtin tiled product 'Z += X @ Y' " + why);
      ok = false;
    };
    if (m % 16 || n % 8)
      return fail("needs a block tile whose extents are multiples of 16 and "
                  "8, not " + std::to_string(m) + "x" + std::to_string(n));
    if ((extent(x, 0) >= 0 && extent(x, 0) != m) ||
        (extent(y, 0) >= 0 && extent(y, 0) != n))
      return fail("needs X with the rows of Z (" + std::to_string(m) +
                  ") and Y with its columns (" + std::to_string(n) +
                  "), got " + x->str() + " and " + y->str());
    if (extent(x, 1) >= 0 && extent(y, 1) >= 0 && extent(x, 1) != extent(y, 1))
      return fail("needs X and Y with the same k, got " + x->str() + " and " +
                  y->str());
    using mlir::layout::MatmulOp;
    int64_t staging = MatmulOp::stagingBytes(m, n, neve::matmulStages(),
                                             neve::matmulBlockK(), 2);
    if (staging > MatmulOp::kMaxSmemBytes)
      return fail("stages X and Y in " + std::to_string(staging) +
                  " bytes of shared memory, more than a block's " +
                  std::to_string(MatmulOp::kMaxSmemBytes) +
                  ": use a smaller block tile");
    int64_t warps = MatmulOp::numWarps(m, n);
    if (warps > 32)
      return fail("needs " + std::to_string(warps) +
                  " warps for a " + std::to_string(m) + "x" +
                  std::to_string(n) + " block tile, more than a block has");
  }

  /// A member of a map, tuple or function type: as `type`, but a fixed
  /// array is stored inline only in variables, fields and results.
  void member(const Type *m, const Type *outer, llvm::SMLoc loc,
              const llvm::Twine &what) {
    if (m && m->is(Type::Kind::FixedArray)) {
      refuse(loc, what + outer->str() + " (holding " + m->str() + ")");
      return;
    }
    type(m, loc, what);
  }

  /// An operator implemented by a definition (compiled like any function)
  /// or by a foreign `operation`.
  void operatorFunc(const FuncDecl &fn, llvm::SMLoc loc) {
    if (!fn.ctimeParams.empty()) {
      refuse(loc, "operators with compile-time parameters");
      return;
    }
    reach(&fn);
  }

  /// A parameter or result type of a `proto`: scalars, pointers and
  /// foreign pointers pass as C values; references as supported elsewhere.
  void protoType(const Type *t, llvm::SMLoc loc, const llvm::Twine &what) {
    if (t && (t->isPointerLike() || t->isIntegral() || t->is(Type::Kind::Float)))
      return;
    type(t, loc, what);
  }

  void block(const Block &b) {
    for (auto &s : b)
      stmt(*s);
  }

  void stmt(const Stmt &s) {
    switch (s.getKind()) {
    case Stmt::Kind::VarDecl:
      for (auto &v : llvm::cast<VarDeclStmt>(s).vars) {
        type(v->type, v->loc, "variables of type ");
        if (v->type && v->type->is(Type::Kind::Layout) && !v->init)
          refuse(v->loc, "a layout variable without an initial view");
        if (v->init)
          expr(*v->init);
      }
      return;
    case Stmt::Kind::Assign: {
      auto &a = llvm::cast<AssignStmt>(s);
      if (a.isBuiltinMatmul) {
        // `Z += X @ Y`: layout.matmul (§8.6).
        auto &product = llvm::cast<BinaryExpr>(*a.value);
        builtinMatmul(s.getLoc(), a.targets[0]->type, product.lhs->type,
                      product.rhs->type);
        expr(*a.targets[0]);
        expr(*product.lhs);
        expr(*product.rhs);
        return;
      }
      if (a.accumulator) {
        // `Z += X op Y`: op(X, Y, Z) (§8.6).
        auto &product = llvm::cast<BinaryExpr>(*a.value);
        reach(a.accumulator);
        expr(*a.targets[0]);
        expr(*product.lhs);
        expr(*product.rhs);
        return;
      }
      if (a.targets.size() == 1 && a.targets[0]->type &&
          a.targets[0]->type->is(Type::Kind::Layout)) {
        refuse(s.getLoc(), "assigning to a layout variable (a layout is "
                           "bound once, where it is declared)");
        return;
      }
      if (a.targets.size() == 1 && !a.accumulator && !a.isBuiltinMatmul &&
          !a.compoundOp && llvm::isa<IndexExpr>(*a.targets[0])) {
        // `a[i] = x` on an array.
        expr(*a.targets[0]);
        expr(*a.value);
        return;
      }
      if (a.targets.size() > 1 && !a.compound) {
        // Tuple unpacking into variables and array elements.
        for (auto &t : a.targets) {
          auto *ix = llvm::dyn_cast<IndexExpr>(t.get());
          bool element = ix && ix->base->type &&
                         ix->base->type->is(Type::Kind::Array);
          if (!llvm::isa<NameExpr>(*t) && !element)
            refuse(t->getLoc(), "unpacking into fields");
          else
            expr(*t);
        }
        expr(*a.value);
        return;
      }
      // Variables and fields, with builtin or user (`compoundOp`) operators.
      auto *member = llvm::dyn_cast<MemberExpr>(a.targets[0].get());
      bool field = member && member->field;
      if (a.targets.size() != 1 || a.accumulator || a.isBuiltinMatmul ||
          (!llvm::isa<NameExpr>(*a.targets[0]) && !field)) {
        refuse(s.getLoc(), a.targets.size() != 1
                               ? "tuple unpacking"
                               : "assignments to fields and elements");
        return;
      }
      if (a.compoundOp)
        operatorFunc(*a.compoundOp, s.getLoc());
      expr(*a.targets[0]);
      expr(*a.value);
      return;
    }
    case Stmt::Kind::Expr:
      expr(*llvm::cast<ExprStmt>(s).expr);
      return;
    case Stmt::Kind::Return:
      if (auto &v = llvm::cast<ReturnStmt>(s).value)
        expr(*v);
      return;
    case Stmt::Kind::Break:
    case Stmt::Kind::Continue:
      return;
    case Stmt::Kind::If: {
      auto &i = llvm::cast<IfStmt>(s);
      expr(*i.cond);
      block(i.thenBody);
      block(i.elseBody);
      return;
    }
    case Stmt::Kind::While: {
      auto &w = llvm::cast<WhileStmt>(s);
      expr(*w.cond);
      block(w.body);
      return;
    }
    case Stmt::Kind::For: {
      auto &f = llvm::cast<ForStmt>(s);
      expr(*f.var->init);
      expr(*f.cond);
      if (f.step)
        expr(*f.step);
      block(f.body);
      return;
    }
    case Stmt::Kind::ForIn: {
      auto &f = llvm::cast<ForInStmt>(s);
      const Type *t = f.iterable->type;
      if (!t || !t->is(Type::Kind::Array)) {
        refuse(s.getLoc(), "'for ... in' loops over " +
                               (t ? t->str() : std::string("?")));
        return;
      }
      expr(*f.iterable);
      block(f.body);
      return;
    }
    case Stmt::Kind::MultiLoop: {
      auto &m = llvm::cast<MultiLoopStmt>(s);
      for (auto &x : m.lower)
        expr(*x);
      for (auto &x : m.upper)
        expr(*x);
      block(m.body);
      return;
    }
    case Stmt::Kind::Channel: {
      // `ch <- v`, and `v <- ch` into a variable or a field (§6.8.5).
      auto &c = llvm::cast<ChannelStmt>(s);
      if (!c.isSend) {
        auto *member = llvm::dyn_cast<MemberExpr>(c.lhs.get());
        if (!llvm::isa<NameExpr>(*c.lhs) && !(member && member->field)) {
          refuse(c.lhs->getLoc(), "receiving into this target (receive into "
                                  "a variable or a field)");
          return;
        }
      }
      expr(*c.lhs);
      expr(*c.rhs);
      return;
    }
    case Stmt::Kind::Finish:
      block(llvm::cast<FinishStmt>(s).body);
      return;
    case Stmt::Kind::Lock:
      block(llvm::cast<LockStmt>(s).body);
      return;
    case Stmt::Kind::Async:
      block(llvm::cast<AsyncStmt>(s).body);
      return;
    case Stmt::Kind::Asyncs:
      expr(*llvm::cast<AsyncsStmt>(s).count);
      block(llvm::cast<AsyncsStmt>(s).body);
      return;
    case Stmt::Kind::Launch: {
      auto &l = llvm::cast<LaunchStmt>(s);
      if (l.stream) {
        refuse(l.stream->getLoc(), "a launch on an explicit stream");
        return;
      }
      for (auto &x : l.grid)
        expr(*x);
      for (auto &x : l.block)
        expr(*x);
      if (l.smem && !l.smemIsKernelSize)
        expr(*l.smem);
      for (auto &a : l.args)
        expr(*a.value);
      reach(l.kernel);
      return;
    }
    }
  }

  void expr(const Expr &e) {
    switch (e.getKind()) {
    case Expr::Kind::IntLit:
    case Expr::Kind::FloatLit:
    case Expr::Kind::StrLit:
    case Expr::Kind::CharLit:
    case Expr::Kind::BoolLit:
      return;
    case Expr::Kind::Name: {
      auto &n = llvm::cast<NameExpr>(e);
      if (n.ref == NameRef::Function) {
        // A function used as a value (§3.3).
        if (n.func && !n.func->ctimeParams.empty()) {
          refuse(e.getLoc(), "values of functions with compile-time "
                             "parameters (call them with <constants>)");
          return;
        }
        reach(n.func);
        type(e.type, e.getLoc(), "values of type ");
      } else if (n.ref == NameRef::Predeclared) {
        return; // tid, bx, float_t, ... (Builtins.td)
      } else if (n.ref != NameRef::Var)
        refuse(e.getLoc(), "'" + n.name + "'");
      else
        type(e.type, e.getLoc(), "values of type ");
      return;
    }
    case Expr::Kind::Unary: {
      auto &u = llvm::cast<UnaryExpr>(e);
      expr(*u.operand);
      return;
    }
    case Expr::Kind::Binary: {
      auto &b = llvm::cast<BinaryExpr>(e);
      const Type *ot = b.operandType;
      bool strOp = ot && ot->is(Type::Kind::Str);
      bool strSupported = b.op == BinaryOp::Eq || b.op == BinaryOp::Ne ||
                          b.op == BinaryOp::Add || b.op == BinaryOp::Lt ||
                          b.op == BinaryOp::Gt || b.op == BinaryOp::Le ||
                          b.op == BinaryOp::Ge;
      // `==`/`!=` on tuples (element-wise) and references (identity).
      bool valueEq = (b.op == BinaryOp::Eq || b.op == BinaryOp::Ne) && ot &&
                     (ot->is(Type::Kind::Tuple) || ot->is(Type::Kind::Nil) ||
                      ot->isNullable());
      if (b.opFunc) {
        operatorFunc(*b.opFunc, e.getLoc());
        expr(*b.lhs);
        expr(*b.rhs);
        return;
      }
      if (b.op == BinaryOp::Offby && b.lhs->type &&
          (b.lhs->type->is(Type::Kind::Pointer) ||
           b.lhs->type->is(Type::Kind::FixedArray))) {
        // `T[] offby k` and `T[N] offby k`: address arithmetic (§5.3).
        expr(*b.lhs);
        expr(*b.rhs);
        return;
      }
      if (b.op == BinaryOp::Offby || b.op == BinaryOp::MatMul ||
          (strOp && !strSupported) ||
          (ot && !ot->isScalar() && !strOp && !valueEq)) {
        refuse(e.getLoc(), "operator '" + spelling(b.op) + "' on " +
                               (b.lhs->type ? b.lhs->type->str() : "?") +
                               " and " +
                               (b.rhs->type ? b.rhs->type->str() : "?"));
        return;
      }
      expr(*b.lhs);
      expr(*b.rhs);
      return;
    }
    case Expr::Kind::Cast: {
      type(e.type, e.getLoc(), "conversions to ");
      auto &c = llvm::cast<CastExpr>(e);
      const Type *from = c.operand->type;
      if (from && e.type && from->is(Type::Kind::Function) &&
          e.type->is(Type::Kind::Function) && from != e.type) {
        // Adapting parameters to `any` (§3.3) makes a thunk, which needs
        // the function itself.
        const Expr *x = c.operand.get();
        while (auto *inner = llvm::dyn_cast<CastExpr>(x))
          x = inner->operand.get();
        auto *n = llvm::dyn_cast<NameExpr>(x);
        if (!n || n->ref != NameRef::Function) {
          refuse(e.getLoc(), "converting a " + from->str() + " value to " +
                                 e.type->str());
          return;
        }
      }
      expr(*c.operand);
      return;
    }
    case Expr::Kind::NilLit:
      return;
    case Expr::Kind::Tuple:
      type(e.type, e.getLoc(), "values of type ");
      for (auto &x : llvm::cast<TupleExpr>(e).elems)
        expr(*x);
      return;
    case Expr::Kind::MapLit: {
      type(e.type, e.getLoc(), "values of type ");
      auto &m = llvm::cast<MapLitExpr>(e);
      for (size_t i = 0; i < m.keys.size(); ++i) {
        expr(*m.keys[i]);
        expr(*m.values[i]);
      }
      return;
    }
    case Expr::Kind::ListLit:
      type(e.type, e.getLoc(), "values of type ");
      for (auto &x : llvm::cast<ListLitExpr>(e).elems)
        expr(*x);
      return;
    case Expr::Kind::Index: {
      auto &ix = llvm::cast<IndexExpr>(e);
      const Type *bt = ix.base->type;
      if (bt && bt->is(Type::Kind::Tuple) && ix.items.size() == 1) {
        expr(*ix.base);
        return;
      }
      // Host pointers: `T[]` of numbers and float_cpu (unchecked, §5.2),
      // and fixed arrays (checked against N).
      bool pointer =
          bt && (bt->is(Type::Kind::FixedArray) ||
                 (bt->is(Type::Kind::Pointer) && bt->getElement() &&
                  (bt->getElement()->isIntegral() ||
                   bt->getElement()->isFloat())) ||
                 (bt->is(Type::Kind::Foreign) && bt->getName() == "float_cpu"));
      if (pointer && ix.items.size() == 1 && !ix.items[0].isSlice) {
        expr(*ix.base);
        expr(*ix.items[0].index);
        return;
      }
      // Layouts: `v[i, j]` (§8.5.3), address arithmetic on the base.
      if (bt && bt->is(Type::Kind::Layout)) {
        type(bt, e.getLoc(), "indexing a ");
        expr(*ix.base);
        for (auto &item : ix.items) {
          if (item.isSlice) {
            refuse(e.getLoc(), "slicing a layout");
            return;
          }
          expr(*item.index);
        }
        return;
      }
      if (!bt || !(bt->is(Type::Kind::Array) || bt->is(Type::Kind::Map) ||
                   bt->is(Type::Kind::Str))) {
        refuse(e.getLoc(), "indexing a " + (bt ? bt->str() : std::string("?")));
        return;
      }
      if (ix.items.size() != 1) {
        refuse(e.getLoc(), "multiple indices");
        return;
      }
      expr(*ix.base);
      if (ix.items[0].index)
        expr(*ix.items[0].index);
      if (ix.items[0].sliceEnd)
        expr(*ix.items[0].sliceEnd);
      return;
    }
    case Expr::Kind::Fold: {
      auto &f = llvm::cast<FoldExpr>(e);
      const Type *t = f.operand->type;
      if (!t || !t->is(Type::Kind::Array) || !foldable(t->getElement())) {
        refuse(e.getLoc(), "'reduce' and 'scan' on " +
                               (t ? t->str() : std::string("?")));
        return;
      }
      expr(*f.operand);
      return;
    }
    case Expr::Kind::Call: {
      auto &c = llvm::cast<CallExpr>(e);
      if (c.callKind == CallKind::BuiltinMethod) {
        std::string builtin = builtinName(c.builtin).str();
        const Type *rt = c.receiver ? c.receiver->type : nullptr;
        if (rt && (rt->is(Type::Kind::Map) || rt->is(Type::Kind::Str))) {
          // Map methods: has, size, clear, keys, values; str: size, split.
          // keys() and values() give arrays, which must be supported.
          bool isMap = rt->is(Type::Kind::Map);
          bool known = isMap ? (builtin == "has" || builtin == "size" ||
                                builtin == "clear" || builtin == "keys" ||
                                builtin == "values")
                             : (builtin == "size" || builtin == "split");
          if (!known) {
            refuse(e.getLoc(), "the " + std::string(isMap ? "map" : "str") +
                                   " method '" + builtin + "' on " +
                                   rt->str());
            return;
          }
          if (builtin == "keys" || builtin == "values")
            type(c.type, e.getLoc(),
                 "'" + builtin + "()' giving values of type ");
          expr(*c.receiver);
          for (auto &a : c.args)
            expr(*a.value);
          return;
        }
        if (rt && rt->is(Type::Kind::Channel)) {
          // alive, terminate; sum of int, i64 or float elements (§6.8.5).
          if (!(builtin == "alive" || builtin == "terminate" ||
                (builtin == "sum" && foldable(rt->getElement())))) {
            refuse(e.getLoc(), "the channel method '" + builtin + "' on " +
                                   rt->str());
            return;
          }
          expr(*c.receiver);
          return;
        }
        if (!rt || !rt->is(Type::Kind::Array)) {
          refuse(e.getLoc(), "methods of " + (rt ? rt->str() : std::string("?")));
          return;
        }
        bool fold = builtin == "sum" || builtin == "prod";
        if ((builtin != "size" && builtin != "append" &&
             builtin != "print" && builtin != "clear" &&
             builtin != "shuffle" && !fold) ||
            (fold && !foldable(rt->getElement())) ||
            (builtin == "print" && rt->getElement() &&
             !rt->getElement()->isScalar() &&
             !rt->getElement()->is(Type::Kind::Str))) {
          refuse(e.getLoc(), "the array method '" + builtin + "' on " +
                                 rt->str());
          return;
        }
        expr(*c.receiver);
        for (auto &a : c.args)
          expr(*a.value);
        return;
      }
      if (c.callKind == CallKind::Method ||
          (c.callKind == CallKind::ExtMethod && c.decl &&
           c.decl->kind == FuncKind::Def)) {
        reach(c.decl);
        expr(*c.receiver);
        for (auto &a : c.args)
          expr(*a.value);
        return;
      }
      if (c.callKind == CallKind::FunctionValue) {
        expr(*c.callee);
        for (auto &a : c.args)
          expr(*a.value);
        return;
      }
      if (c.callKind == CallKind::Builtin &&
          c.builtin != BuiltinId::fn_print &&
          c.builtin != BuiltinId::fn_printl) {
        for (auto &a : c.args)
          expr(*a.value);
        return;
      }
      if ((c.callKind == CallKind::Function ||
           c.callKind == CallKind::ExtMethod) &&
          c.decl && c.decl->kind == FuncKind::Proto) {
        // A C call (§3.8).
        reach(c.decl);
        if (c.receiver)
          expr(*c.receiver);
        for (auto &a : c.args)
          expr(*a.value);
        return;
      }
      bool print = c.callKind == CallKind::Builtin;
      bool direct = c.callKind == CallKind::Function && c.decl &&
                    (c.decl->kind == FuncKind::Def ||
                     c.decl->kind == FuncKind::Gpu) &&
                    !c.decl->isOperator;
      if (!print && !direct) {
        refuse(e.getLoc(), "calls of '" + c.calleeName() + "'");
        return;
      }
      if (direct)
        reach(c.decl);
      for (auto &a : c.args) {
        // `nil` has no value form yet except as a print argument.
        if (print && llvm::isa<NilLitExpr>(*a.value))
          continue;
        if (print && a.value->type && a.value->type->is(Type::Kind::Array)) {
          refuse(a.value->getLoc(), "printing an array with print (use its "
                                    "print() method)");
          continue;
        }
        expr(*a.value);
      }
      return;
    }
    case Expr::Kind::Self:
    case Expr::Kind::TypeTag:
      return;
    case Expr::Kind::LayoutNew: {
      // Its type is checked where the value goes (a variable, an index).
      auto &n = llvm::cast<LayoutNewExpr>(e);
      if (n.base)
        expr(*n.base);
      return;
    }
    case Expr::Kind::Select: {
      auto &sel = llvm::cast<SelectExpr>(e);
      expr(*sel.base);
      for (auto &x : sel.braces)
        expr(*x);
      for (auto &x : sel.coords)
        expr(*x);
      return;
    }
    case Expr::Kind::Global: {
      // `$C` runs C's constructor with its defaults.
      auto &g = llvm::cast<GlobalExpr>(e);
      if (g.cls)
        reach(g.cls->ctor.get());
      return;
    }
    case Expr::Kind::Member: {
      auto &m = llvm::cast<MemberExpr>(e);
      if (!m.field) {
        refuse(e.getLoc(), "the member '" + m.member + "' of " +
                               (m.base->type ? m.base->type->str() : "?"));
        return;
      }
      type(e.type, e.getLoc(), "fields of type ");
      expr(*m.base);
      return;
    }
    case Expr::Kind::New: {
      auto &n = llvm::cast<NewExpr>(e);
      const Type *t = e.type;
      if (!t || !t->is(Type::Kind::Class)) {
        refuse(e.getLoc(), "'new' of " + (t ? t->str() : std::string("?")));
        return;
      }
      for (auto &f : t->getClass()->fields)
        type(f->type, f->loc, "fields of type ");
      reach(n.ctor);
      for (auto &a : n.args)
        expr(*a.value);
      return;
    }
    default:
      refuse(e.getLoc(), "this expression");
      return;
    }
  }

  const Program &program;
  /// The function being checked.
  const FuncDecl *currentFn = nullptr;
  DiagEngine &diag;
  bool ok = true;
  llvm::SmallPtrSet<const FuncDecl *, 32> seen;
  std::vector<const FuncDecl *> worklist;
};
} // namespace

bool neve::checkCodegenSupport(const Program &program, DiagEngine &diag) {
  return SupportChecker(program, diag).run();
}
