//===- MLIRGen.cpp - Typed AST to the neve dialect ------------------------===//


#include "MLIRGenInternal.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Verifier.h"

using namespace neve;
using namespace neve::mlirgen;

/// §3.10: every call of a function that declares a role carries the role,
/// which neve-fuse's call-level patterns match.
static void markRoleCalls(mlir::ModuleOp module) {
  mlir::SymbolTable symbols(module);
  module.walk([&](mlir::func::CallOp call) {
    auto callee = symbols.lookup<mlir::func::FuncOp>(call.getCallee());
    if (!callee)
      return;
    if (auto role = callee->getAttrOfType<mlir::StringAttr>(
            mlir::neve::kRoleAttrName))
      call->setAttr(mlir::neve::kRoleAttrName, role);
  });
}

mlir::Location Generator::loc(llvm::SMLoc l) {
  if (!l.isValid())
    return b.getUnknownLoc();
  unsigned id = sm.FindBufferContainingLoc(l);
  if (!id)
    return b.getUnknownLoc();
  auto [line, col] = sm.getLineAndColumn(l, id);
  return mlir::FileLineColLoc::get(
      &ctx, sm.getMemoryBuffer(id)->getBufferIdentifier(), line, col);
}

mlir::Type Generator::convert(const Type *t) {
  switch (t->getKind()) {
  case Type::Kind::Bool:
    return b.getI1Type();
  case Type::Kind::Char:
  case Type::Kind::I8:
    return b.getI8Type();
  case Type::Kind::I16:
    return b.getI16Type();
  case Type::Kind::Int:
    return b.getI32Type();
  case Type::Kind::I64:
    return b.getI64Type();
  case Type::Kind::Float:
    return b.getF32Type();
  case Type::Kind::BF16:
    return b.getBF16Type();
  case Type::Kind::Half:
    return b.getF16Type();
  case Type::Kind::Str:
    return mlir::neve::StrType::get(&ctx);
  case Type::Kind::Array:
    return mlir::neve::ArrayType::get(&ctx, convert(t->getElement()));
  case Type::Kind::Map:
    return mlir::neve::MapType::get(&ctx, convert(t->getElement()),
                                    convert(t->getValue()));
  case Type::Kind::Class:
    return mlir::neve::ObjectType::get(&ctx, b.getStringAttr(t->getSymbol()));
  case Type::Kind::Any:
    return mlir::neve::AnyType::get(&ctx);
  case Type::Kind::Channel:
    return mlir::neve::ChannelType::get(&ctx, convert(t->getElement()));
  case Type::Kind::Tuple: {
    llvm::SmallVector<mlir::Type> elems;
    for (const Type *m : t->getMembers())
      elems.push_back(convert(m));
    return mlir::TupleType::get(&ctx, elems);
  }
  case Type::Kind::Function: {
    // Function<R, A...>: a reference to a func.func (null for nil).
    auto members = t->getMembers();
    llvm::SmallVector<mlir::Type> params, results;
    for (const Type *m : members.drop_front())
      params.push_back(convert(m));
    if (!members.front()->isVoid())
      results.push_back(convert(members.front()));
    return mlir::FunctionType::get(&ctx, params, results);
  }
  case Type::Kind::Layout:
    return convertLayout(t);
  case Type::Kind::Pointer:
  case Type::Kind::Foreign:
  case Type::Kind::FixedArray:
  case Type::Kind::Address:
    // `T[]` and foreign pointer types: one opaque pointer (§3.8, §4.3); a
    // fixed array T[N] is the address of its storage (MLIRGenFixed.cpp); a
    // layout with constant extents is its base address and an element
    // address `v{...}` is an address (MLIRGenDevice.cpp).
    return mlir::LLVM::LLVMPointerType::get(&ctx);
  case Type::Kind::Void:
  case Type::Kind::Error:
    break;
  }
  llvm_unreachable("type has no MLIR form");
}

Value Generator::convertValue(Value v, const Type *from, const Type *to,
                              mlir::Location l) {
  if (from == to)
    return v;
  if (Value r = emitRefConversion(v, from, to, l))
    return r;
  // T[N] to T[]: the address of the first element (§4.5); so are a layout
  // (its corner element) and an element address.
  if (from->is(Type::Kind::Layout) && !to->is(Type::Kind::Layout))
    return emitLayoutCorner(v, l);
  if (from->is(Type::Kind::FixedArray) || from->is(Type::Kind::Layout) ||
      from->is(Type::Kind::Address))
    return v;
  if (to->is(Type::Kind::Str)) {
    // A char converts implicitly to its one-character string (§1.5).
    assert(from->is(Type::Kind::Char) && "only a char converts to str");
    return mlir::neve::ToStrOp::create(b, l, v, /*is_char=*/true);
  }
  mlir::Type target = convert(to);
  // Unsigned sources: bool and char.
  bool fromUnsigned = from->is(Type::Kind::Bool) || from->is(Type::Kind::Char);
  // bf16 and half are storage types (§4.1): conversions from or to one go
  // through float, the type their arithmetic happens in.
  mlir::Type f32 = b.getF32Type();
  if (from->isFloat() && v.getType() != f32) {
    v = mlir::arith::ExtFOp::create(b, l, f32, v);
    if (to->is(Type::Kind::Float))
      return v;
  }
  if (to->isFloat() && target != f32) {
    if (!from->isFloat())
      v = fromUnsigned ? Value(mlir::arith::UIToFPOp::create(b, l, f32, v))
                       : Value(mlir::arith::SIToFPOp::create(b, l, f32, v));
    return mlir::arith::TruncFOp::create(b, l, target, v);
  }
  if (to->is(Type::Kind::Bool)) {
    // bool(x) means x != 0 (§4.5).
    if (from->isFloat()) {
      Value zero = mlir::arith::ConstantOp::create(b, l, b.getF32FloatAttr(0));
      return mlir::arith::CmpFOp::create(b, l, mlir::arith::CmpFPredicate::UNE,
                                         v, zero);
    }
    Value zero = mlir::arith::ConstantOp::create(
        b, l, b.getIntegerAttr(v.getType(), 0));
    return mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::ne, v,
                                       zero);
  }
  if (to->isFloat()) {
    if (from->isFloat())
      return v;
    if (fromUnsigned)
      return mlir::arith::UIToFPOp::create(b, l, target, v);
    return mlir::arith::SIToFPOp::create(b, l, target, v);
  }
  // Integer (or char) target.
  if (from->isFloat())
    return mlir::arith::FPToSIOp::create(b, l, target, v);
  unsigned fw = from->getBitWidth(), tw = to->getBitWidth();
  if (fw == tw)
    return v;
  if (fw > tw)
    return mlir::arith::TruncIOp::create(b, l, target, v);
  if (fromUnsigned)
    return mlir::arith::ExtUIOp::create(b, l, target, v);
  return mlir::arith::ExtSIOp::create(b, l, target, v);
}

Value Generator::emitCtimeParam(const NameExpr &e) {
  // A shape parameter (§8.5.6): as for compile-time parameters, locals
  // cannot shadow it, so the name decides.
  if (Value shape = shapeValues.lookup(e.name))
    return shape;
  if (currentCtime.empty() || !currentFn)
    return nullptr;
  // Locals cannot shadow the function's outer scope, so the name decides.
  const auto &names = currentFn->ctimeParams;
  auto it = llvm::find(names, e.name);
  if (it == names.end())
    return nullptr;
  int64_t value = currentCtime[it - names.begin()];
  return mlir::arith::ConstantOp::create(
      b, loc(e.getLoc()), b.getIntegerAttr(convert(e.type), value));
}

Value Generator::widenStorageFloat(Value v, mlir::Location l) {
  if (!llvm::isa<mlir::BFloat16Type, mlir::Float16Type>(v.getType()))
    return v;
  return mlir::arith::ExtFOp::create(b, l, b.getF32Type(), v);
}

Value Generator::defaultValue(const Type *t, mlir::Location l) {
  if (Value d = emitValueDefault(t, l))
    return d;
  // An array variable starts as a new empty array (§4.6).
  if (t->is(Type::Kind::Array))
    return mlir::neve::ArrayNewOp::create(
        b, l, llvm::cast<mlir::neve::ArrayType>(convert(t)),
        mlir::ValueRange{});
  if (t->is(Type::Kind::Str))
    return mlir::neve::StrConstantOp::create(b, l, "");
  if (t->is(Type::Kind::Map))
    return emitNewMap(t, l);
  // A channel variable starts as a new open channel (§6.8.5).
  if (t->is(Type::Kind::Channel))
    return mlir::neve::ChannelNewOp::create(
        b, l, llvm::cast<mlir::neve::ChannelType>(convert(t)), t->getCount());
  // A T[N] result that runs off the end: N zeros, as the aggregate.
  if (t->is(Type::Kind::FixedArray))
    return mlir::LLVM::ZeroOp::create(b, l, fixedStorageType(t));
  mlir::Type mt = convert(t);
  if (t->isFloat())
    return mlir::arith::ConstantOp::create(b, l, b.getFloatAttr(mt, 0));
  return mlir::arith::ConstantOp::create(b, l, b.getIntegerAttr(mt, 0));
}

//===----------------------------------------------------------------------===//
// Functions and statements
//===----------------------------------------------------------------------===//

mlir::OwningOpRef<mlir::ModuleOp> Generator::run(const Program &prog) {
  program = &prog;
  const Module &m = *prog.main;
  module = mlir::ModuleOp::create(loc(llvm::SMLoc()));
  module->setAttr("neve.source", b.getStringAttr(m.fileName));
  for (auto &mod : prog.modules)
    if (mod->isLibrary)
      libraryBuffers.insert(mod->bufferID);
  for (auto &mod : prog.modules)
    for (auto &fn : mod->funcs)
      if (fn->kind == FuncKind::Def || fn->kind == FuncKind::Gpu)
        ++topLevelNameCount[baseSymbol(*fn)];
  // Roots: main, then the `_prebuild` functions (§2.2; called by main).
  if (m.main)
    getFunc(m.main);
  auto drain = [&] {
    while (!pending.empty()) {
      auto [fn, ctime] = pending.front();
      pending.pop_front();
      currentCtime = ctime;
      emitFunction(*fn, ctime.empty() ? funcOps[fn]
                                      : specializations[{fn, ctime}]);
    }
  };
  drain();
  // Then what neve-fuse may call instead of a chain it rewrites.
  for (const FuncDecl *fn : fusionReplacements(
           prog, [&](const FuncDecl *f) { return funcOps.count(f) != 0; }))
    getFunc(fn);
  drain();
  currentCtime.clear();
  markRoleCalls(module);
  if (refusals) {
    // Reported with their locations; stand-ins may make the IR invalid.
    module->erase();
    return nullptr;
  }
  if (mlir::failed(mlir::verify(module))) {
    module.emitError("internal error: MLIRGen produced invalid IR");
    module->erase();
    return nullptr;
  }
  return module;
}

std::string Generator::symbolFor(const FuncDecl &fn) {
  switch (fn.kind) {
  case FuncKind::Main:
    return kEntrySymbol;
  case FuncKind::Proto:
  case FuncKind::Operation:
    return fn.name;
  case FuncKind::Method:
    return fn.parent->type->getSymbol().str() + "." + fn.name;
  case FuncKind::Ctor:
    return fn.parent->type->getSymbol().str() + ".ctor";
  default:
    break;
  }
  std::string name = baseSymbol(fn);
  if (fn.isOperator || topLevelNameCount.lookup(name) > 1) {
    // Overloads: the parameter types, mangled (§3.5), tell them apart;
    // classes by their symbols, so that a program class shadowing a
    // library's gives other symbols than the library's.
    // A trailing `caller` parameter (§3.2) is no part of the name.
    for (size_t i = 0; i < fn.paramTypes.size() - fn.numCallerParams(); ++i)
      name += "." + fn.paramTypes[i]->mangled(/*symbols=*/true);
  }
  return name;
}

std::string neve::mlirgen::baseSymbol(const FuncDecl &fn) {
  // A program definition shadowing a library's (§2.1) is `main.NAME`
  // (`main` is a keyword: no user name starts that way).
  std::string name = fn.isOperator ? "operator" + fn.name : fn.name;
  return fn.shadows ? "main." + name : name;
}

/// Separates compile-time arguments from layout argument types in a
/// specialization key (not a value either can take: extents are positive
/// or ShapedType::kDynamic, the smallest int64).
static constexpr int64_t kLayoutKeyMarker = INT64_MIN + 1;

mlir::func::FuncOp Generator::getFunc(const FuncDecl *fn,
                                      llvm::ArrayRef<int64_t> ctime,
                                      llvm::ArrayRef<Value> args) {
  std::vector<int64_t> key(ctime.begin(), ctime.end());
  // Layout parameters (§8.5.6): one specialization per tuple of argument
  // view types, after a marker.
  llvm::SmallVector<mlir::Type> layoutArgs(fn->paramTypes.size());
  size_t skip = args.size() > fn->paramTypes.size()
                    ? args.size() - fn->paramTypes.size()
                    : 0;
  for (size_t p = 0; p < fn->paramTypes.size(); ++p) {
    if (!fn->paramTypes[p]->is(Type::Kind::Layout) || p + skip >= args.size())
      continue;
    auto view =
        llvm::dyn_cast<mlir::layout::ViewType>(args[p + skip].getType());
    if (!view)
      continue;
    if (llvm::find(key, kLayoutKeyMarker) == key.end())
      key.push_back(kLayoutKeyMarker);
    layoutArgs[p] = view;
    key.push_back(static_cast<int64_t>(view.getSpace()));
    for (int64_t d : view.getShape())
      key.push_back(d);
  }
  if (!key.empty()) {
    auto it = specializations.find({fn, key});
    if (it != specializations.end())
      return it->second;
  } else if (auto it = funcOps.find(fn); it != funcOps.end()) {
    return it->second;
  }
  if (checkedSignatures.insert(fn).second)
    checkSignature(*fn);
  if (fn->kind == FuncKind::Proto || fn->kind == FuncKind::Operation)
    return getProtoFunc(fn);
  llvm::SmallVector<mlir::Type> params;
  // Methods and constructors take the receiver (`self`) first.
  if (fn->parent)
    params.push_back(convert(fn->parent->type));
  for (auto [t, view] : llvm::zip(fn->paramTypes, layoutArgs))
    params.push_back(view ? view : convert(t));
  llvm::SmallVector<mlir::Type> results;
  // A T[N] result is returned as the aggregate (the callee's storage dies).
  if (fn->returnType->is(Type::Kind::FixedArray))
    results.push_back(fixedStorageType(fn->returnType));
  else if (!fn->returnType->isVoid())
    results.push_back(convert(fn->returnType));
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  std::string symbol = symbolFor(*fn);
  if (!key.empty()) {
    symbol += '<';
    for (size_t i = 0; i < key.size(); ++i) {
      if (key[i] == kLayoutKeyMarker) {
        symbol += ";";
        continue;
      }
      symbol += (i && key[i - 1] != kLayoutKeyMarker ? "," : "") +
                (mlir::ShapedType::isDynamic(key[i]) ? std::string("?")
                                                     : std::to_string(key[i]));
    }
    symbol += '>';
  }
  auto op = mlir::func::FuncOp::create(b, loc(fn->loc), symbol,
                                       b.getFunctionType(params, results));
  // Only the entry point and foreign functions are visible outside.
  if (!fn->isMain())
    op.setPrivate();
  // §3.10: the part the function plays in the chains neve-fuse rewrites.
  if (!fn->role.empty())
    op->setAttr(mlir::neve::kRoleAttrName, b.getStringAttr(fn->role));
  // Device code (§3.7): --neve-outline-kernels moves it to a gpu.module.
  if (fn->kind == FuncKind::Kernel) {
    op->setAttr(mlir::neve::kKernelAttrName, b.getUnitAttr());
    // a library's kernel that no chip of the build runs gets a body that only traps
    // (--neve-kernel-abi)
    if (fn->loc.isValid() &&
        libraryBuffers.contains(sm.FindBufferContainingLoc(fn->loc)))
      op->setAttr(mlir::neve::kLibraryKernelAttrName, b.getUnitAttr());
    // tensor_map parameters are passed as the 128-byte descriptor
    // (--neve-outline-kernels, --neve-kernel-abi; docs/codegen.md).
    llvm::SmallVector<int32_t> maps;
    for (auto [i, t] : llvm::enumerate(fn->paramTypes))
      if (t->is(Type::Kind::Foreign) && t->getName() == "tensor_map")
        maps.push_back(int32_t(i));
    if (!maps.empty())
      op->setAttr("neve.tensor_map_args", b.getDenseI32ArrayAttr(maps));
  }
  else if (fn->kind == FuncKind::Gpu)
    op->setAttr(mlir::neve::kDeviceAttrName, b.getUnitAttr());
  else if (fn->loc.isValid() &&
           libraryBuffers.contains(sm.FindBufferContainingLoc(fn->loc)))
    op->setAttr(mlir::neve::kLibraryAttrName, b.getUnitAttr());
  if (key.empty())
    funcOps[fn] = op;
  else
    specializations[{fn, key}] = op;
  if (fn->hasBody())
    pending.push_back({fn, key});
  return op;
}

void Generator::emitFunction(const FuncDecl &fn, mlir::func::FuncOp op) {
  currentFn = &fn;
  slots.clear();
  wgmmaAccumulators.clear();
  lastWgmmaFence = nullptr;
  wgmmaFencedViews.clear();
  wgmmaGroups.clear();
  wgmmaOpenGroup.clear();
  entryBlock = op.addEntryBlock();
  b.setInsertionPointToStart(entryBlock);
  auto args = entryBlock->getArguments();
  selfValue = nullptr;
  if (fn.parent) {
    selfValue = args.front();
    args = args.drop_front();
  }
  bindLayoutParams(fn, args);
  for (auto [param, arg] : llvm::zip(fn.params, args)) {
    if (llvm::isa<mlir::layout::ViewType>(arg.getType()))
      continue;
    declareSlot(*param);
    mlir::Location pl = loc(param->loc);
    // A T[N] argument is the caller's address: copy into our storage.
    if (param->type->is(Type::Kind::FixedArray))
      copyFixed(mlir::memref::LoadOp::create(b, pl, slots[param.get()]), arg,
                param->type, pl);
    else
      mlir::memref::StoreOp::create(b, pl, arg, slots[param.get()]);
  }
  // §2.2: the `_prebuild` functions run first.
  if (fn.isMain())
    emitPrebuildCalls();
  emitBlock(fn.body);
  if (!isTerminated()) {
    // Running off the end returns the default value (§3.1).
    mlir::Location l = loc(fn.loc);
    if (fn.returnType->isVoid())
      mlir::func::ReturnOp::create(b, l);
    else
      mlir::func::ReturnOp::create(b, l, defaultValue(fn.returnType, l));
  }
  currentFn = nullptr;
}

bool Generator::isTerminated() {
  mlir::Block *block = b.getInsertionBlock();
  return !block->empty() &&
         block->back().hasTrait<mlir::OpTrait::IsTerminator>();
}

void Generator::startDeadBlock() {
  mlir::Region *region = b.getInsertionBlock()->getParent();
  b.createBlock(region, region->end());
}

void Generator::declareSlot(const VarDecl &var) {
  // Allocas go to the entry block so loops do not grow the stack.
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(entryBlock);
  auto memrefType = mlir::MemRefType::get({}, convert(var.type));
  Value slot = mlir::memref::AllocaOp::create(b, loc(var.loc), memrefType);
  slots[&var] = slot;
  // A T[N] variable holds the address of its own storage, set once.
  if (var.type->is(Type::Kind::FixedArray)) {
    mlir::Location l = loc(var.loc);
    Value one = mlir::LLVM::ConstantOp::create(b, l, b.getI64Type(), 1);
    Value storage = mlir::LLVM::AllocaOp::create(
        b, l, mlir::LLVM::LLVMPointerType::get(&ctx),
        fixedStorageType(var.type), one);
    mlir::memref::StoreOp::create(b, l, storage, slot);
  }
}

Value Generator::slotFor(const VarDecl &var) {
  if (Value slot = slots.lookup(&var))
    return slot;
  // A local of the code around a task body: captured (§6.8.1).
  return captureSlot(var, taskFrames.size());
}

void Generator::emitBlock(const Block &block) {
  for (auto &s : block) {
    if (isTerminated())
      startDeadBlock();
    emitStmt(*s);
  }
}


mlir::OwningOpRef<mlir::ModuleOp>
neve::emitMLIR(mlir::MLIRContext &context, const llvm::SourceMgr &sm,
               const Program &program, DiagEngine &diag) {
  return Generator(context, sm, diag).run(program);
}
