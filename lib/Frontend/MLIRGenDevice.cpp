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


using namespace neve;
using namespace neve::mlirgen;

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

template <typename IndexOp, mlir::gpu::Dimension dim>
Value Generator::emitGpuIndex(llvm::StringRef, mlir::Location l) {
  return mlir::arith::IndexCastOp::create(b, l, b.getI32Type(),
                                          IndexOp::create(b, l, dim));
}

Value Generator::emitLaneIndex(llvm::StringRef, mlir::Location l) {
  // The lane within the warp: L % 32 for the linear thread index L.
  return mlir::arith::IndexCastOp::create(
      b, l, b.getI32Type(),
      mlir::gpu::LaneIdOp::create(b, l, /*upper_bound=*/nullptr));
}

Value Generator::emitWarpIndex(llvm::StringRef, mlir::Location l) {
  // L // 32 with L = tx + ty·Dx + tz·Dx·Dy.
  using D = mlir::gpu::Dimension;
  Value tx = emitGpuIndex<mlir::gpu::ThreadIdOp, D::x>("tx", l);
  Value ty = emitGpuIndex<mlir::gpu::ThreadIdOp, D::y>("ty", l);
  Value tz = emitGpuIndex<mlir::gpu::ThreadIdOp, D::z>("tz", l);
  Value dx = emitGpuIndex<mlir::gpu::BlockDimOp, D::x>("bdx", l);
  Value dy = emitGpuIndex<mlir::gpu::BlockDimOp, D::y>("bdy", l);
  Value lin = mlir::arith::AddIOp::create(
      b, l, tx,
      mlir::arith::MulIOp::create(
          b, l, dx,
          mlir::arith::AddIOp::create(
              b, l, ty, mlir::arith::MulIOp::create(b, l, tz, dy))));
  Value c5 = mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(5));
  return mlir::arith::ShRUIOp::create(b, l, lin, c5);
}

//===----------------------------------------------------------------------===//
// Intrinsics (§8.4); the tensor-core ones are in MLIRGenTensorCore.cpp
//===----------------------------------------------------------------------===//

Value Generator::emitSyncthreads(const CallExpr &, mlir::Location l) {
  mlir::gpu::BarrierOp::create(b, l);
  return nullptr;
}

template <bool arrive>
Value Generator::emitNamedBarrier(const CallExpr &e, mlir::Location l) {
  auto args = emitIntrinsicArgs(e);
  if (arrive)
    mlir::NVVM::BarrierArriveOp::create(b, l, args[0], args[1]);
  else
    mlir::NVVM::BarrierOp::create(b, l, mlir::TypeRange{}, args[0], args[1],
                                  mlir::NVVM::BarrierReductionAttr(), Value());
  return nullptr;
}
template Value Generator::emitNamedBarrier<false>(const CallExpr &,
                                                  mlir::Location);
template Value Generator::emitNamedBarrier<true>(const CallExpr &,
                                                 mlir::Location);

template <mlir::gpu::ShuffleMode mode>
Value Generator::emitShuffle(const CallExpr &e, mlir::Location l) {
  auto args = emitIntrinsicArgs(e);
  Value width = mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(32));
  return mlir::gpu::ShuffleOp::create(b, l, args[0], args[1], width, mode)
      .getShuffleResult();
}

template <AtomicKind kind>
Value Generator::emitAtomic(const CallExpr &e, mlir::Location l) {
  llvm::SmallVector<Value> args = emitIntrinsicArgs(e);
  const Type *elem = e.type;
  Value addr = args[0];
  if (e.args[0].value->type->is(Type::Kind::Pointer) ||
      e.args[0].value->type->is(Type::Kind::Address))
    addr = mlir::LLVM::GEPOp::create(
        b, l, mlir::LLVM::LLVMPointerType::get(&ctx), convert(elem), addr,
        mlir::ValueRange{toIndex(args[1], e.args[1].value->type, l)});
  using Bin = mlir::LLVM::AtomicBinOp;
  Bin op = kind == AtomicKind::Add   ? (elem->isFloat() ? Bin::fadd : Bin::add)
           : kind == AtomicKind::Max ? Bin::max
           : kind == AtomicKind::Min ? Bin::min
                                     : Bin::xchg;
  return mlir::LLVM::AtomicRMWOp::create(b, l, op, addr, args[2],
                                         mlir::LLVM::AtomicOrdering::monotonic);
}

template <typename MathOp>
Value Generator::emitMathUnary(const CallExpr &e, mlir::Location l) {
  return MathOp::create(b, l, emitIntrinsicArgs(e)[0]);
}

// The approximate hardware versions (PTX ex2/lg2/tanh/rcp.approx), only
// when written: exp(x) = 2^(x·log2 e), log(x) = log2(x)·ln 2. LLVM 22 has
// no NVVM intrinsic for tanh.approx, so all are one PTX instruction.
// 2^x flushes subnormal results to zero (ex2.approx.ftz): one MUFU.EX2,
// where the variant that keeps them costs ptxas a compare and two
// multiplies around it (x < -126 scaled by halves).
Value Generator::emitApprox(llvm::StringRef instr, Value x, mlir::Location l) {
  return mlir::LLVM::InlineAsmOp::create(
             b, l, b.getF32Type(), mlir::ValueRange{x},
             b.getStringAttr((instr + " $0, $1;").str()),
             b.getStringAttr("=f,f"), /*has_side_effects=*/nullptr,
             /*is_align_stack=*/nullptr,
             mlir::LLVM::TailCallKindAttr::get(
                 &ctx, mlir::LLVM::tailcallkind::TailCallKind::None),
             /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
      .getResult(0);
}

Value Generator::emitF32Constant(double c, mlir::Location l) {
  return mlir::arith::ConstantOp::create(b, l, b.getF32FloatAttr(c));
}

Value Generator::emitFastExp(const CallExpr &e, mlir::Location l) {
  Value x = emitIntrinsicArgs(e)[0];
  return emitApprox("ex2.approx.ftz.f32",
                    mlir::arith::MulFOp::create(
                        b, l, x, emitF32Constant(1.4426950408889634, l)),
                    l);
}

Value Generator::emitFastExp2(const CallExpr &e, mlir::Location l) {
  return emitApprox("ex2.approx.ftz.f32", emitIntrinsicArgs(e)[0], l);
}

Value Generator::emitFastLog(const CallExpr &e, mlir::Location l) {
  Value x = emitIntrinsicArgs(e)[0];
  return mlir::arith::MulFOp::create(b, l, emitApprox("lg2.approx.f32", x, l),
                                     emitF32Constant(0.6931471805599453, l));
}

Value Generator::emitFastTanh(const CallExpr &e, mlir::Location l) {
  return emitApprox("tanh.approx.f32", emitIntrinsicArgs(e)[0], l);
}

// 1/x as one MUFU.RCP: `/` is IEEE division (div.rn.f32), a reciprocal,
// two refinements and a check with a slow path.
Value Generator::emitFastRcp(const CallExpr &e, mlir::Location l) {
  return emitApprox("rcp.approx.ftz.f32", emitIntrinsicArgs(e)[0], l);
}

// a * b + c rounded once: the generated code multiplies and adds with
// round-to-nearest (mul.rn, add.rn), which ptxas never contracts, so a
// fused multiply-add is only ever written.
Value Generator::emitMathFma(const CallExpr &e, mlir::Location l) {
  auto args = emitIntrinsicArgs(e);
  return mlir::math::FmaOp::create(b, l, args[0], args[1], args[2]);
}

// cvt.rna.tf32.f32 writes a .b32 register: the float's bits with the low 13
// mantissa bits rounded away, read back as a float.
Value Generator::emitTf32Round(const CallExpr &e, mlir::Location l) {
  Value bits =
      mlir::LLVM::InlineAsmOp::create(
          b, l, b.getI32Type(), mlir::ValueRange{emitIntrinsicArgs(e)[0]},
          b.getStringAttr("cvt.rna.tf32.f32 $0, $1;"), b.getStringAttr("=r,f"),
          /*has_side_effects=*/nullptr, /*is_align_stack=*/nullptr,
          mlir::LLVM::TailCallKindAttr::get(
              &ctx, mlir::LLVM::tailcallkind::TailCallKind::None),
          /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
          .getResult(0);
  return mlir::LLVM::BitcastOp::create(b, l, b.getF32Type(), bits);
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
  // An explicit stream (a foreign pointer, §6.7); nil means the thread's.
  Value stream;
  if (s.stream && !s.stream->type->is(Type::Kind::Nil))
    stream = emitExpr(*s.stream);
  mlir::func::FuncOp kernel = getFunc(s.kernel, s.ctimeArgs);
  mlir::neve::LaunchOp::create(
      b, l, mlir::FlatSymbolRefAttr::get(kernel.getSymNameAttr()), grid[0],
      grid[1], grid[2], block[0], block[1], block[2], smem, stream, args);
}

Value Generator::emitForeignOffby(const BinaryExpr &e) {
  mlir::Location l = loc(e.getLoc());
  Value ptr = emitExpr(*e.lhs);
  return emitBufferOffset(ptr, e.lhs->type, emitExpr(*e.rhs), e.rhs->type, l);
}

Value Generator::emitBufferOffset(Value ptr, const Type *ptrType, Value k,
                                  const Type *kType, mlir::Location l) {
  mlir::Type elem = ptrType->getName().starts_with("bf16")
                        ? mlir::Type(b.getBF16Type())
                        : mlir::Type(b.getF32Type());
  return mlir::LLVM::GEPOp::create(b, l, mlir::LLVM::LLVMPointerType::get(&ctx),
                                   elem, ptr,
                                   mlir::ValueRange{toIndex(k, kType, l)});
}

bool neve::mlirgen::isBufferOffbyName(const FuncDecl &op) {
  if (op.paramTypes.size() != 2 || !llvm::StringRef(op.name).ends_with("_offby"))
    return false;
  const Type *t = op.paramTypes[0];
  llvm::StringRef n = t->is(Type::Kind::Foreign) ? t->getName() : "";
  return n == "float_pp" || n == "bf16_pp" || n == "float_cpu" ||
         n == "bf16_cpu";
}

bool neve::mlirgen::isBufferOffby(const BinaryExpr &e) {
  if (e.op != BinaryOp::Offby || !e.lhs->type ||
      !e.lhs->type->is(Type::Kind::Foreign))
    return false;
  llvm::StringRef n = e.lhs->type->getName();
  return n == "float_pp" || n == "bf16_pp" || n == "float_cpu" ||
         n == "bf16_cpu";
}

//===----------------------------------------------------------------------===//
// The instances Builtins.td names (MLIRGenBuiltin.cpp dispatches to them)
//===----------------------------------------------------------------------===//

#define NEVE_GPU_INDEX(OP)                                                     \
  template Value Generator::emitGpuIndex<OP, mlir::gpu::Dimension::x>(        \
      llvm::StringRef, mlir::Location);                                        \
  template Value Generator::emitGpuIndex<OP, mlir::gpu::Dimension::y>(        \
      llvm::StringRef, mlir::Location);                                        \
  template Value Generator::emitGpuIndex<OP, mlir::gpu::Dimension::z>(        \
      llvm::StringRef, mlir::Location);
NEVE_GPU_INDEX(mlir::gpu::BlockIdOp)
NEVE_GPU_INDEX(mlir::gpu::ThreadIdOp)
NEVE_GPU_INDEX(mlir::gpu::BlockDimOp)
NEVE_GPU_INDEX(mlir::gpu::GridDimOp)
#undef NEVE_GPU_INDEX

template Value
Generator::emitShuffle<mlir::gpu::ShuffleMode::XOR>(const CallExpr &,
                                                    mlir::Location);
template Value
Generator::emitShuffle<mlir::gpu::ShuffleMode::DOWN>(const CallExpr &,
                                                     mlir::Location);
template Value
Generator::emitShuffle<mlir::gpu::ShuffleMode::IDX>(const CallExpr &,
                                                    mlir::Location);
template Value Generator::emitAtomic<AtomicKind::Add>(const CallExpr &,
                                                      mlir::Location);
template Value Generator::emitAtomic<AtomicKind::Max>(const CallExpr &,
                                                      mlir::Location);
template Value Generator::emitAtomic<AtomicKind::Min>(const CallExpr &,
                                                      mlir::Location);
template Value Generator::emitAtomic<AtomicKind::Exch>(const CallExpr &,
                                                       mlir::Location);
template Value Generator::emitMathUnary<mlir::math::ExpOp>(const CallExpr &,
                                                           mlir::Location);
template Value Generator::emitMathUnary<mlir::math::LogOp>(const CallExpr &,
                                                           mlir::Location);
template Value Generator::emitMathUnary<mlir::math::TanhOp>(const CallExpr &,
                                                            mlir::Location);
template Value Generator::emitMathUnary<mlir::math::AbsFOp>(const CallExpr &,
                                                            mlir::Location);
template Value Generator::emitMathUnary<mlir::math::FloorOp>(const CallExpr &,
                                                             mlir::Location);
template Value Generator::emitMathUnary<mlir::math::CeilOp>(const CallExpr &,
                                                            mlir::Location);
