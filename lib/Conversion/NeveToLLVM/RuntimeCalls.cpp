//===- RuntimeCalls.cpp - Calls into the Neve runtime ---------------------===//

#include "RuntimeCalls.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::neve;

namespace {
struct RuntimeSignature {
  const char *name;
  const char *result;
  std::initializer_list<const char *> params;
};
} // namespace

static const RuntimeSignature *lookupSignature(StringRef name) {
  static const RuntimeSignature table[] = {
#define RT_FUNC(NAME, RESULT, ...) {#NAME, RESULT, {__VA_ARGS__}},
#include "RuntimeFunctions.def"
  };
  for (const RuntimeSignature &sig : table)
    if (name == sig.name)
      return &sig;
  return nullptr;
}

static Type typeFromCode(MLIRContext *ctx, StringRef code) {
  return llvm::StringSwitch<Type>(code)
      .Case("void", LLVM::LLVMVoidType::get(ctx))
      .Case("i8", IntegerType::get(ctx, 8))
      .Case("i32", IntegerType::get(ctx, 32))
      .Case("i64", IntegerType::get(ctx, 64))
      .Case("f32", Float32Type::get(ctx))
      .Case("ptr", LLVM::LLVMPointerType::get(ctx))
      .Default(Type());
}

LLVM::LLVMFuncOp RuntimeCalls::getOrDeclare(StringRef name) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return fn;
  const RuntimeSignature *sig = lookupSignature(name);
  assert(sig && "runtime function missing from RuntimeFunctions.def");
  MLIRContext *ctx = module.getContext();
  SmallVector<Type> params;
  for (const char *p : sig->params)
    params.push_back(typeFromCode(ctx, p));
  auto fnType =
      LLVM::LLVMFunctionType::get(typeFromCode(ctx, sig->result), params);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name, fnType);
}

Value RuntimeCalls::call(Location loc, StringRef name, ValueRange args) {
  LLVM::LLVMFuncOp fn = getOrDeclare(name);
  auto call = LLVM::CallOp::create(b, loc, fn, args);
  return call.getNumResults() ? call.getResult() : Value();
}

Value RuntimeCalls::boolArg(Location loc, Value i1) {
  return LLVM::ZExtOp::create(b, loc, b.getI8Type(), i1);
}

bool RuntimeCalls::inDeviceCode(Operation *op) {
  return op->getParentOfType<gpu::GPUModuleOp>() != nullptr;
}

bool mlir::neve::deviceChecksEnabled(Operation *op) {
  auto module = op->getParentOfType<gpu::GPUModuleOp>();
  return module && module->hasAttr(kDeviceChecksAttrName);
}

std::string mlir::neve::printfText(StringRef text) {
  std::string out;
  for (char c : text) {
    if (c == '\0')
      continue;
    if (c == '%')
      out += '%';
    out += c;
  }
  return out;
}

void mlir::neve::emitDeviceReport(OpBuilder &b, Location loc, StringRef format,
                                  ValueRange args) {
  std::string where = "<unknown>:0:0";
  if (auto flc = LocationAttr(loc).findInstanceOf<FileLineColLoc>())
    where = printfText(flc.getFilename()) + ":" +
            std::to_string(flc.getLine()) + ":" +
            std::to_string(flc.getColumn());
  std::string text = where +
                     ": device error in block (%d, %d, %d), thread "
                     "(%d, %d, %d): " +
                     format.str() + "\n";
  SmallVector<Value> operands;
  auto id = [&](auto op) {
    operands.push_back(arith::IndexCastOp::create(b, loc, b.getI32Type(), op));
  };
  for (gpu::Dimension d : {gpu::Dimension::x, gpu::Dimension::y,
                           gpu::Dimension::z})
    id(gpu::BlockIdOp::create(b, loc, d));
  for (gpu::Dimension d : {gpu::Dimension::x, gpu::Dimension::y,
                           gpu::Dimension::z})
    id(gpu::ThreadIdOp::create(b, loc, d));
  operands.append(args.begin(), args.end());
  gpu::PrintfOp::create(b, loc, b.getStringAttr(text), operands);
}

void RuntimeCalls::emitError(Location loc, StringRef msg) {
  // Device code cannot call the runtime: it traps, and the runtime reports
  // the kernel and its launch site at the next synchronisation. With device
  // checks the thread says first where and what.
  Operation *where = b.getInsertionBlock()->getParentOp();
  if (inDeviceCode(where)) {
    if (deviceChecksEnabled(where))
      emitDeviceReport(b, loc, printfText(msg));
    LLVM::Trap::create(b, loc);
    LLVM::UnreachableOp::create(b, loc);
    return;
  }
  StringRef file = "<unknown>";
  unsigned line = 0, col = 0;
  if (auto flc = dyn_cast<FileLineColLoc>(loc)) {
    file = flc.getFilename();
    line = flc.getLine();
    col = flc.getColumn();
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location inner : fused.getLocations())
      if (auto flc = dyn_cast<FileLineColLoc>(inner)) {
        file = flc.getFilename();
        line = flc.getLine();
        col = flc.getColumn();
        break;
      }
  }
  Value fileStr = getCString(b, loc, module, file);
  Value msgStr = getCString(b, loc, module, msg);
  Value lineV = LLVM::ConstantOp::create(b, loc, b.getI32Type(), line);
  Value colV = LLVM::ConstantOp::create(b, loc, b.getI32Type(), col);
  call(loc, "neve_rt_error", {fileStr, lineV, colV, msgStr});
  LLVM::UnreachableOp::create(b, loc);
}

/// Finds or creates a private constant global named `prefix.<hash>` whose
/// initializer is built by `build`; equal contents share one global.
template <typename BuildFn>
static LLVM::GlobalOp getOrCreateConstGlobal(OpBuilder &b, ModuleOp module,
                                             StringRef prefix, StringRef value,
                                             Type type, BuildFn build) {
  uint64_t hash = llvm::xxh3_64bits(value);
  std::string name = (prefix + "." + llvm::utohexstr(hash)).str();
  // Resolve (unlikely) hash collisions by probing.
  for (unsigned probe = 0;; ++probe) {
    std::string candidate = probe ? name + "." + std::to_string(probe) : name;
    auto global = module.lookupSymbol<LLVM::GlobalOp>(candidate);
    if (!global) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(module.getBody());
      global = LLVM::GlobalOp::create(b, module.getLoc(), type,
                                      /*isConstant=*/true,
                                      LLVM::Linkage::Private, candidate,
                                      Attribute());
      global->setAttr("neve.contents", b.getStringAttr(value));
      Block *init = b.createBlock(&global.getInitializerRegion());
      b.setInsertionPointToStart(init);
      LLVM::ReturnOp::create(b, module.getLoc(), build(b));
      return global;
    }
    auto contents = global->getAttrOfType<StringAttr>("neve.contents");
    if (contents && contents.getValue() == value && global.getType() == type)
      return global;
  }
}

Value mlir::neve::getCString(OpBuilder &b, Location loc, ModuleOp module,
                             StringRef value) {
  std::string bytes = value.str();
  bytes.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
  auto global = getOrCreateConstGlobal(
      b, module, ".cstr", value, type, [&](OpBuilder &ib) -> Value {
        return LLVM::ConstantOp::create(ib, module.getLoc(), type,
                                        ib.getStringAttr(bytes));
      });
  return LLVM::AddressOfOp::create(b, loc, global);
}

Value mlir::neve::getSiteRecord(OpBuilder &b, Location loc, ModuleOp module) {
  auto flc = LocationAttr(loc).findInstanceOf<FileLineColLoc>();
  if (!flc)
    return Value();
  MLIRContext *ctx = b.getContext();
  StringRef file = flc.getFilename();
  unsigned line = flc.getLine(), col = flc.getColumn();
  auto type = LLVM::LLVMStructType::getLiteral(
      ctx, {LLVM::LLVMPointerType::get(ctx), IntegerType::get(ctx, 32),
            IntegerType::get(ctx, 32)});
  std::string key =
      (file + ":" + llvm::Twine(line) + ":" + llvm::Twine(col)).str();
  auto global = getOrCreateConstGlobal(
      b, module, ".site", key, type, [&](OpBuilder &ib) -> Value {
        Location l = module.getLoc();
        Value rec = LLVM::UndefOp::create(ib, l, type);
        Value fileStr = getCString(ib, l, module, file);
        rec = LLVM::InsertValueOp::create(ib, l, rec, fileStr,
                                          ArrayRef<int64_t>{0});
        rec = LLVM::InsertValueOp::create(
            ib, l, rec, LLVM::ConstantOp::create(ib, l, ib.getI32Type(), line),
            ArrayRef<int64_t>{1});
        return LLVM::InsertValueOp::create(
            ib, l, rec, LLVM::ConstantOp::create(ib, l, ib.getI32Type(), col),
            ArrayRef<int64_t>{2});
      });
  return LLVM::AddressOfOp::create(b, loc, global);
}

Value mlir::neve::getStrLiteral(OpBuilder &b, Location loc, ModuleOp module,
                                StringRef value) {
  MLIRContext *ctx = b.getContext();
  std::string bytes = value.str();
  bytes.push_back('\0');
  auto arrayType = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
  auto type = LLVM::LLVMStructType::getLiteral(
      ctx, {IntegerType::get(ctx, 64), arrayType});
  auto global = getOrCreateConstGlobal(
      b, module, ".str", value, type, [&](OpBuilder &ib) -> Value {
        Location l = module.getLoc();
        Value rec = LLVM::UndefOp::create(ib, l, type);
        Value size = LLVM::ConstantOp::create(ib, l, ib.getI64Type(),
                                              (int64_t)value.size());
        Value data =
            LLVM::ConstantOp::create(ib, l, arrayType, ib.getStringAttr(bytes));
        rec = LLVM::InsertValueOp::create(ib, l, rec, size, ArrayRef<int64_t>{0});
        return LLVM::InsertValueOp::create(ib, l, rec, data, ArrayRef<int64_t>{1});
      });
  return LLVM::AddressOfOp::create(b, loc, global);
}

//===----------------------------------------------------------------------===//
// Source locations as runtime arguments
//===----------------------------------------------------------------------===//

/// The (file, line, col) arguments of a runtime array function: the
/// location of the op, for its runtime errors.
SmallVector<Value, 3> mlir::neve::locationArgs(OpBuilder &b, Operation *op) {
  Location loc = op->getLoc();
  StringRef file = "<unknown>";
  unsigned line = 0, col = 0;
  auto take = [&](Location l) {
    if (auto flc = dyn_cast<FileLineColLoc>(l)) {
      file = flc.getFilename();
      line = flc.getLine();
      col = flc.getColumn();
      return true;
    }
    return false;
  };
  if (!take(loc))
    if (auto fused = dyn_cast<FusedLoc>(loc))
      for (Location inner : fused.getLocations())
        if (take(inner))
          break;
  return {getCString(b, loc, op->getParentOfType<ModuleOp>(), file),
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), line),
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), col)};
}

/// `args` followed by the location arguments of `op`.
SmallVector<Value> mlir::neve::withLocation(OpBuilder &b, Operation *op,
                                           ValueRange args) {
  SmallVector<Value> all(args.begin(), args.end());
  llvm::append_range(all, locationArgs(b, op));
  return all;
}
