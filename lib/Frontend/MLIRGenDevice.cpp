//===- MLIRGenDevice.cpp - Kernels, launches and device builtins ----------===//
//
// Device code (§3.7, §8): `kernel` and `gpu` functions are ordinary
// `func.func`s marked `neve.kernel` / `neve.device` (MLIRGen.cpp, getFunc)
// whose bodies use upstream `gpu` ops for the predeclared values (§8.2),
// barriers and shuffles, `llvm.atomicrmw` for atomics and `math` for device
// math (§8.4). `launch` (§6.7) becomes `neve.launch`.
// `--neve-outline-kernels` later moves device functions into a gpu.module.
//
// Layouts (§8.5) are layout-dialect values (MLIRGenLayout.cpp); the
// tensor-core intrinsics here take the address form, for `T[]` operands.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"


#include "llvm/ADT/StringSwitch.h"

using namespace neve;
using namespace neve::mlirgen;

namespace {
/// The dimension named by the last letter of `bx`, `tdy`, `gdz`, ...
mlir::gpu::Dimension dimensionOf(llvm::StringRef name) {
  switch (name.back()) {
  case 'x':
    return mlir::gpu::Dimension::x;
  case 'y':
    return mlir::gpu::Dimension::y;
  default:
    return mlir::gpu::Dimension::z;
  }
}
} // namespace

bool neve::isDeviceValueName(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"bx", "by", "bz", "tx", "ty", "tz", "warp", "lane"}, true)
      .Cases({"bdx", "bdy", "bdz", "gdx", "gdy", "gdz"}, true)
      .Default(false);
}

bool neve::isDeviceIntrinsicCall(llvm::StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"syncthreads", "shfl_sync", "shfl_xor_sync", "shfl_down_sync"},
             true)
      .Cases({"atomic_add", "atomic_max", "atomic_min", "atomic_exch"}, true)
      .Cases({"exp", "log", "tanh", "abs", "floor", "ceil"}, true)
      .Cases({"fast_exp", "fast_exp2", "fast_log", "fast_tanh"}, true)
      .Cases({"cp_async16", "cp_commit_group", "cp_wait_group", "cp_wait_all"},
             true)
      .Cases({"ldmatrix_x4", "ldmatrix_x2", "ldmatrix_x4_trans",
              "ldmatrix_x2_trans", "mma_16x8x16"},
             true)
      .Default(false);
}

Value Generator::toI32(Value v, mlir::Location l) {
  if (v.getType().isInteger(32))
    return v;
  if (v.getType().getIntOrFloatBitWidth() > 32)
    return mlir::arith::TruncIOp::create(b, l, b.getI32Type(), v);
  return mlir::arith::ExtSIOp::create(b, l, b.getI32Type(), v);
}

//===----------------------------------------------------------------------===//
// Predeclared device values (§8.2)
//===----------------------------------------------------------------------===//

Value Generator::emitDeviceValue(llvm::StringRef name, mlir::Location l) {
  auto asInt = [&](Value index) -> Value {
    return mlir::arith::IndexCastOp::create(b, l, b.getI32Type(), index);
  };
  if (name == "lane")
    // The lane within the warp: L % 32 for the linear thread index L.
    return asInt(mlir::gpu::LaneIdOp::create(b, l, /*upper_bound=*/nullptr));
  if (name == "warp") {
    // L // 32 with L = tx + ty·Dx + tz·Dx·Dy.
    using D = mlir::gpu::Dimension;
    Value tx = asInt(mlir::gpu::ThreadIdOp::create(b, l, D::x));
    Value ty = asInt(mlir::gpu::ThreadIdOp::create(b, l, D::y));
    Value tz = asInt(mlir::gpu::ThreadIdOp::create(b, l, D::z));
    Value dx = asInt(mlir::gpu::BlockDimOp::create(b, l, D::x));
    Value dy = asInt(mlir::gpu::BlockDimOp::create(b, l, D::y));
    Value lin = mlir::arith::AddIOp::create(
        b, l, tx,
        mlir::arith::MulIOp::create(
            b, l, dx,
            mlir::arith::AddIOp::create(
                b, l, ty, mlir::arith::MulIOp::create(b, l, tz, dy))));
    Value c5 = mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(5));
    return mlir::arith::ShRUIOp::create(b, l, lin, c5);
  }
  mlir::gpu::Dimension d = dimensionOf(name);
  if (name.size() == 2 && name[0] == 'b')
    return asInt(mlir::gpu::BlockIdOp::create(b, l, d));
  if (name.size() == 2 && name[0] == 't')
    return asInt(mlir::gpu::ThreadIdOp::create(b, l, d));
  if (name.starts_with("bd"))
    return asInt(mlir::gpu::BlockDimOp::create(b, l, d));
  assert(name.starts_with("gd") && "unknown device value");
  return asInt(mlir::gpu::GridDimOp::create(b, l, d));
}

//===----------------------------------------------------------------------===//
// Intrinsics (§8.4)
//===----------------------------------------------------------------------===//

Value Generator::emitIntrinsic(const CallExpr &e) {
  mlir::Location l = loc(e.getLoc());
  llvm::StringRef name = e.builtin;
  if (emitLayoutIntrinsic(e))
    return nullptr;
  llvm::SmallVector<Value> args;
  for (auto &a : e.args) {
    Value v = emitExpr(*a.value);
    // A layout or tile passed as an address: its corner (§8.5.5).
    if (llvm::isa<mlir::layout::ViewType>(v.getType()))
      v = emitLayoutCorner(v, loc(a.value->getLoc()));
    args.push_back(v);
  }
  mlir::Type f32 = b.getF32Type();

  if (name == "syncthreads") {
    mlir::gpu::BarrierOp::create(b, l);
    return nullptr;
  }
  if (name.starts_with("shfl_")) {
    auto mode = name == "shfl_down_sync" ? mlir::gpu::ShuffleMode::DOWN
                                         : mlir::gpu::ShuffleMode::XOR;
    Value width = mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(32));
    return mlir::gpu::ShuffleOp::create(b, l, args[0], args[1], width, mode)
        .getShuffleResult();
  }
  if (name.starts_with("atomic_")) {
    const Type *elem = e.type;
    Value addr = args[0];
    if (e.args[0].value->type->is(Type::Kind::Pointer) ||
        e.args[0].value->type->is(Type::Kind::Address))
      addr = mlir::LLVM::GEPOp::create(
          b, l, mlir::LLVM::LLVMPointerType::get(&ctx), convert(elem), addr,
          mlir::ValueRange{toIndex(args[1], e.args[1].value->type, l)});
    using Bin = mlir::LLVM::AtomicBinOp;
    Bin op = llvm::StringSwitch<Bin>(name)
                 .Case("atomic_add", elem->isFloat() ? Bin::fadd : Bin::add)
                 .Case("atomic_max", Bin::max)
                 .Case("atomic_min", Bin::min)
                 .Default(Bin::xchg);
    return mlir::LLVM::AtomicRMWOp::create(
        b, l, op, addr, args[2], mlir::LLVM::AtomicOrdering::monotonic);
  }
  if (name.starts_with("cp_") || name.starts_with("ldmatrix") ||
      name == "mma_16x8x16") {
    emitTensorCoreIntrinsic(e, args);
    return nullptr;
  }
  if (name == "exp")
    return mlir::math::ExpOp::create(b, l, args[0]);
  if (name == "log")
    return mlir::math::LogOp::create(b, l, args[0]);
  if (name == "tanh")
    return mlir::math::TanhOp::create(b, l, args[0]);
  if (name == "abs")
    return mlir::math::AbsFOp::create(b, l, args[0]);
  if (name == "floor")
    return mlir::math::FloorOp::create(b, l, args[0]);
  if (name == "ceil")
    return mlir::math::CeilOp::create(b, l, args[0]);
  // The approximate hardware versions (PTX ex2/lg2/tanh.approx), only when
  // written: exp(x) = 2^(x·log2 e), log(x) = log2(x)·ln 2. LLVM 22 has no
  // NVVM intrinsic for tanh.approx, so all three are one PTX instruction.
  auto approx = [&](llvm::StringRef instr, Value x) -> Value {
    return mlir::LLVM::InlineAsmOp::create(
               b, l, f32, mlir::ValueRange{x},
               b.getStringAttr((instr + " $0, $1;").str()),
               b.getStringAttr("=f,f"), /*has_side_effects=*/nullptr,
               /*is_align_stack=*/nullptr,
               mlir::LLVM::TailCallKindAttr::get(
                   &ctx, mlir::LLVM::tailcallkind::TailCallKind::None),
               /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
        .getResult(0);
  };
  auto constant = [&](double c) -> Value {
    return mlir::arith::ConstantOp::create(b, l, b.getF32FloatAttr(c));
  };
  if (name == "fast_exp")
    return approx("ex2.approx.f32",
                  mlir::arith::MulFOp::create(b, l, args[0],
                                              constant(1.4426950408889634)));
  if (name == "fast_exp2")
    return approx("ex2.approx.f32", args[0]);
  if (name == "fast_log")
    return mlir::arith::MulFOp::create(b, l, approx("lg2.approx.f32", args[0]),
                                       constant(0.6931471805599453));
  assert(name == "fast_tanh" && "intrinsic refused by CodegenSupport");
  return approx("tanh.approx.f32", args[0]);
}

/// Asynchronous copies, ldmatrix and mma (§8.4) with a plain `T[]` operand
/// (on layout elements they are layout ops, MLIRGenLayout.cpp; so are the
/// group commits and waits), over element addresses
/// (§8.5.5): generic pointers, cast to the shared (3) and global (1) address
/// spaces the NVVM ops take; register fragments are loaded from and stored
/// to the register layout's consecutive elements.
void Generator::emitTensorCoreIntrinsic(const CallExpr &e,
                                        llvm::ArrayRef<Value> args) {
  mlir::Location l = loc(e.getLoc());
  llvm::StringRef name = e.builtin;
  auto space = [&](Value p, unsigned as) -> Value {
    return mlir::LLVM::AddrSpaceCastOp::create(
        b, l, mlir::LLVM::LLVMPointerType::get(&ctx, as), p);
  };
  auto generic = mlir::LLVM::LLVMPointerType::get(&ctx);
  auto at = [&](Value base, mlir::Type t, int64_t i) -> Value {
    Value k = mlir::LLVM::ConstantOp::create(b, l, b.getI64Type(), i);
    return mlir::LLVM::GEPOp::create(b, l, generic, t, base,
                                     mlir::ValueRange{k});
  };
  mlir::Type i32 = b.getI32Type(), f32 = b.getF32Type();
  if (name == "cp_async16") {
    mlir::NVVM::CpAsyncOp::create(
        b, l, space(args[0], 3), space(args[1], 1), b.getI32IntegerAttr(16),
        mlir::NVVM::LoadCacheModifierKindAttr::get(
            &ctx, mlir::NVVM::LoadCacheModifierKind::CG),
        /*cpSize=*/Value());
    return;
  }
  if (name.starts_with("ldmatrix")) {
    int count = name.starts_with("ldmatrix_x4") ? 4 : 2;
    bool transpose = name.ends_with("_trans");
    llvm::SmallVector<mlir::Type> fields(count, i32);
    auto res = mlir::LLVM::LLVMStructType::getLiteral(&ctx, fields);
    Value frag = mlir::NVVM::LdMatrixOp::create(
        b, l, res, space(args[1], 3), b.getI32IntegerAttr(count),
        mlir::NVVM::MMALayoutAttr::get(&ctx, transpose
                                                 ? mlir::NVVM::MMALayout::col
                                                 : mlir::NVVM::MMALayout::row),
        mlir::NVVM::LdStMatrixShapeAttr::get(&ctx, 8, 8),
        mlir::NVVM::LdStMatrixEltTypeAttr::get(
            &ctx, mlir::NVVM::LdStMatrixEltType::B16));
    for (int i = 0; i < count; ++i)
      mlir::LLVM::StoreOp::create(
          b, l, mlir::LLVM::ExtractValueOp::create(b, l, frag, i),
          at(args[0], i32, i));
    return;
  }
  assert(name == "mma_16x8x16" && "intrinsic refused by CodegenSupport");
  // D = A·B + D with bf16 (or half) inputs and float accumulators: the
  // PTX instruction itself, on the fragments' registers.
  const Type *aElem = e.args[1].value->type->getElement();
  bool half = aElem && aElem->is(Type::Kind::Half);
  llvm::SmallVector<Value> ops;
  for (int i = 0; i < 4; ++i)
    ops.push_back(mlir::LLVM::LoadOp::create(b, l, i32, at(args[1], i32, i)));
  for (int i = 0; i < 2; ++i)
    ops.push_back(mlir::LLVM::LoadOp::create(b, l, i32, at(args[2], i32, i)));
  for (int i = 0; i < 4; ++i)
    ops.push_back(mlir::LLVM::LoadOp::create(b, l, f32, at(args[0], f32, i)));
  std::string in = half ? "f16" : "bf16";
  std::string text = "mma.sync.aligned.m16n8k16.row.col.f32." + in + "." +
                     in + ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, "
                     "{$8, $9}, {$10, $11, $12, $13};";
  auto res = mlir::LLVM::LLVMStructType::getLiteral(
      &ctx, llvm::SmallVector<mlir::Type>(4, f32));
  Value d = mlir::LLVM::InlineAsmOp::create(
                b, l, res, ops, b.getStringAttr(text),
                b.getStringAttr("=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"),
                /*has_side_effects=*/nullptr, /*is_align_stack=*/nullptr,
                mlir::LLVM::TailCallKindAttr::get(
                    &ctx, mlir::LLVM::tailcallkind::TailCallKind::None),
                /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
                .getResult(0);
  for (int i = 0; i < 4; ++i)
    mlir::LLVM::StoreOp::create(
        b, l, mlir::LLVM::ExtractValueOp::create(b, l, d, i),
        at(args[0], f32, i));
}

//===----------------------------------------------------------------------===//
// launch (§6.7)
//===----------------------------------------------------------------------===//

void Generator::emitLaunch(const LaunchStmt &s) {
  mlir::Location l = loc(s.getLoc());
  Value one = mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(1));
  auto dims = [&](const std::vector<ExprPtr> &exprs) {
    llvm::SmallVector<Value, 3> v;
    for (size_t i = 0; i < 3; ++i)
      v.push_back(i < exprs.size() ? toI32(emitExpr(*exprs[i]), l) : one);
    return v;
  };
  llvm::SmallVector<Value, 3> grid = dims(s.grid), block = dims(s.block);
  // `smem_size`: the kernel's smem layouts are allocated statically.
  Value smem = s.smem && !s.smemIsKernelSize
                   ? toI32(emitExpr(*s.smem), l)
                   : Value(mlir::arith::ConstantOp::create(
                         b, l, b.getI32IntegerAttr(0)));
  llvm::SmallVector<Value> args;
  for (auto &a : s.args)
    args.push_back(emitArg(a));
  mlir::func::FuncOp kernel = getFunc(s.kernel, s.ctimeArgs);
  mlir::neve::LaunchOp::create(
      b, l, mlir::FlatSymbolRefAttr::get(kernel.getSymNameAttr()), grid[0],
      grid[1], grid[2], block[0], block[1], block[2], smem,
      /*stream=*/Value(), args);
}

Value Generator::emitForeignOffby(const BinaryExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value ptr = emitExpr(*e.lhs);
  Value k = toIndex(emitExpr(*e.rhs), e.rhs->type, l);
  mlir::Type elem = e.lhs->type->getName().starts_with("bf16")
                        ? mlir::Type(b.getBF16Type())
                        : mlir::Type(b.getF32Type());
  return mlir::LLVM::GEPOp::create(b, l, mlir::LLVM::LLVMPointerType::get(&ctx),
                                   elem, ptr, mlir::ValueRange{k});
}

bool neve::mlirgen::isBufferOffby(const BinaryExpr &e) {
  if (e.op != BinaryOp::Offby || !e.lhs->type ||
      !e.lhs->type->is(Type::Kind::Foreign))
    return false;
  llvm::StringRef n = e.lhs->type->getName();
  return n == "float_pp" || n == "bf16_pp" || n == "float_cpu" ||
         n == "bf16_cpu";
}
