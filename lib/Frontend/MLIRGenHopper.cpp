//===- MLIRGenHopper.cpp - The Hopper intrinsics and tensor maps (§8.4) ---===//
//
// Each Hopper intrinsic is one NVVM dialect op on the address form of its
// operands (generic pointers cast to the shared space, 3, or to
// shared::cluster, 7, where the op takes it), as the §8.4 tensor-core
// intrinsics' address form is (MLIRGenTensorCore.cpp):
//
//   mbar_*           nvvm.mbarrier.{init, arrive, expect_tx,
//                    arrive.expect_tx, try_wait, try_wait.parity}
//   tma_load/store   nvvm.cp.async.bulk.tensor.{shared.cluster.global,
//                    global.shared.cta}, coordinates innermost first
//   tma_*_group      nvvm.cp.async.bulk.{commit.group, wait_group}
//   wgmma            nvvm.wgmma.mma_async on shared-memory descriptors,
//                    the accumulator loaded from and stored back to its
//                    register layout (SROA keeps it in registers)
//   the rest         nvvm.fence.proxy, nvvm.elect.sync, nvvm.stmatrix,
//                    nvvm.setmaxregister, nvvm.wgmma.{fence, commit, wait}
//
// Upstream's nvgpu ops (nvgpu.tma.async.load, nvgpu.mbarrier.*,
// nvgpu.warpgroup.mma) would need nvgpu's own types for barriers, tensor
// maps and accumulators (an mbarrier group made by nvgpu.mbarrier.create, a
// !nvgpu.tensormap.descriptor, a fragmented accumulator vector), while a
// Neve operand is an address into a layout; their NVVM targets take the
// addresses as they are. A function that uses an intrinsic of Hopper gets
// `neve.min_sm` (90): its kernel's PTX is then compiled for sm_90 and not
// for sm_80 (--neve-kernel-abi). `launch_bounds` only marks the kernel.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

#include "neve/Dialect/Layout/IR/LayoutOps.h"
#include "neve/Runtime/neve_runtime.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"

using namespace neve;
using namespace neve::mlirgen;

namespace {
/// The func.func being emitted into.
mlir::func::FuncOp enclosingFunc(mlir::OpBuilder &b) {
  mlir::Operation *op = b.getInsertionBlock()->getParentOp();
  if (auto fn = llvm::dyn_cast<mlir::func::FuncOp>(op))
    return fn;
  return op->getParentOfType<mlir::func::FuncOp>();
}

int64_t constantOf(Value v) {
  mlir::IntegerAttr c;
  return mlir::matchPattern(v, mlir::m_Constant(&c)) ? c.getInt() : -1;
}
} // namespace

void Generator::requireSm(int sm) {
  mlir::func::FuncOp fn = enclosingFunc(b);
  if (!fn)
    return;
  auto old = fn->getAttrOfType<mlir::IntegerAttr>("neve.min_sm");
  if (!old || old.getInt() < sm)
    fn->setAttr("neve.min_sm", b.getI32IntegerAttr(sm));
}

Value Generator::sharedAddress(const Expr &e, mlir::Location l) {
  Value v = emitExpr(e);
  if (llvm::isa<mlir::layout::ViewType>(v.getType()))
    v = emitLayoutCorner(v, l);
  return toAddressSpace(v, 3, l);
}

//===----------------------------------------------------------------------===//
// Kernels: launch bounds
//===----------------------------------------------------------------------===//

Value Generator::emitLaunchBounds(const CallExpr &e, mlir::Location) {
  auto args = emitArgs(e);
  if (mlir::func::FuncOp fn = enclosingFunc(b))
    fn->setAttr("neve.launch_bounds",
                b.getDenseI32ArrayAttr({int32_t(constantOf(args[0])),
                                        int32_t(constantOf(args[1]))}));
  return nullptr;
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

Value Generator::emitMbarInit(const CallExpr &e, mlir::Location l) {
  Value bar = sharedAddress(*e.args[0].value, l);
  Value count = emitExpr(*e.args[1].value);
  mlir::NVVM::MBarrierInitOp::create(b, l, bar, count, /*predicate=*/Value());
  return nullptr;
}

Value Generator::emitMbarArrive(const CallExpr &e, mlir::Location l) {
  Value bar = sharedAddress(*e.args[0].value, l);
  mlir::NVVM::MBarrierArriveOp::create(b, l, mlir::TypeRange{}, bar,
                                       /*count=*/Value());
  return nullptr;
}

Value Generator::emitMbarExpectTx(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  Value bar = sharedAddress(*e.args[0].value, l);
  Value bytes = emitExpr(*e.args[1].value);
  mlir::NVVM::MBarrierExpectTxOp::create(b, l, bar, bytes);
  return nullptr;
}

Value Generator::emitMbarArriveExpectTx(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  Value bar = sharedAddress(*e.args[0].value, l);
  Value bytes = emitExpr(*e.args[1].value);
  mlir::NVVM::MBarrierArriveExpectTxOp::create(
      b, l, mlir::TypeRange{}, bar, bytes, mlir::NVVM::MemScopeKind::CTA,
      /*relaxed=*/false, /*predicate=*/Value());
  return nullptr;
}

/// The parity of a phase number: its low bit.
static Value parityOf(mlir::OpBuilder &b, mlir::Location l, Value phase) {
  return mlir::arith::AndIOp::create(
      b, l, phase,
      mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(1)));
}

Value Generator::emitMbarTryWait(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  Value bar = sharedAddress(*e.args[0].value, l);
  Value parity = parityOf(b, l, emitExpr(*e.args[1].value));
  return mlir::NVVM::MBarrierTryWaitOp::create(
      b, l, b.getI1Type(), bar, parity, /*ticks=*/Value(),
      mlir::NVVM::MemScopeKind::CTA, /*relaxed=*/false);
}

Value Generator::emitMbarWait(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  Value bar = sharedAddress(*e.args[0].value, l);
  Value parity = parityOf(b, l, emitExpr(*e.args[1].value));
  // The loop of mbarrier.try_wait.parity until the phase completes; the
  // suspend-time hint is CUTLASS's (10 ms).
  Value ticks =
      mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(0x989680));
  mlir::NVVM::MBarrierTryWaitParityOp::create(b, l, bar, parity, ticks);
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Fences, elections, stmatrix
//===----------------------------------------------------------------------===//

Value Generator::emitFenceProxyAsync(const CallExpr &, mlir::Location l) {
  requireSm(90);
  mlir::NVVM::FenceProxyOp::create(
      b, l, mlir::NVVM::ProxyKindAttr::get(&ctx, mlir::NVVM::ProxyKind::async_shared),
      mlir::NVVM::SharedSpaceAttr::get(&ctx, mlir::NVVM::SharedSpace::shared_cta));
  return nullptr;
}

Value Generator::emitElectOne(const CallExpr &, mlir::Location l) {
  requireSm(90);
  return mlir::NVVM::ElectSyncOp::create(b, l, b.getI1Type(),
                                         /*membermask=*/Value());
}

const Expr *Generator::layoutRoot(const Expr &e) {
  const Expr *root = &e;
  while (auto *sel = llvm::dyn_cast<SelectExpr>(root))
    root = sel->base.get();
  return root;
}

mlir::Type Generator::registerWord(const Expr *root) {
  if (root->type && root->type->is(Type::Kind::Layout)) {
    const Type *el = root->type->getElement();
    if (el->is(Type::Kind::BF16) || el->is(Type::Kind::Half) ||
        el->is(Type::Kind::I16))
      return mlir::VectorType::get({2}, convert(el));
  }
  return b.getI32Type();
}

template <int count, bool transpose>
Value Generator::emitStmatrix(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  auto args = emitIntrinsicArgs(e);
  mlir::Type i32 = b.getI32Type();
  // A source layout of 16-bit elements is read as pairs (as wgmma's
  // register A, emitWgmma): SROA then keeps it as 32-bit pairs, so a pair
  // written from two floats is one cvt.rn.bf16x2.f32, not two conversions
  // and a shift-or.
  mlir::Type word = registerWord(layoutRoot(*e.args[1].value));
  llvm::SmallVector<Value> words;
  for (int i = 0; i < count; ++i) {
    Value w =
        mlir::LLVM::LoadOp::create(b, l, word, elementAt(args[1], word, i, l));
    // the pair becomes the i32 operand through a mov that ptxas drops: a
    // bitcast would let InstCombine turn the load back into an i32 one
    // before SROA sees the pairs
    if (word != i32)
      w = mlir::LLVM::InlineAsmOp::create(
              b, l, i32, mlir::ValueRange{w}, b.getStringAttr("mov.b32 $0, $1;"),
              b.getStringAttr("=r,r"), /*has_side_effects=*/nullptr,
              /*is_align_stack=*/nullptr,
              mlir::LLVM::TailCallKindAttr::get(
                  &ctx, mlir::LLVM::tailcallkind::TailCallKind::None),
              /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
              .getResult(0);
    words.push_back(w);
  }
  mlir::NVVM::StMatrixOp::create(
      b, l, toAddressSpace(args[0], 3, l), words,
      mlir::NVVM::MMALayoutAttr::get(&ctx, transpose
                                               ? mlir::NVVM::MMALayout::col
                                               : mlir::NVVM::MMALayout::row),
      mlir::NVVM::LdStMatrixShapeAttr::get(&ctx, 8, 8),
      mlir::NVVM::LdStMatrixEltTypeAttr::get(
          &ctx, mlir::NVVM::LdStMatrixEltType::B16));
  return nullptr;
}
template Value Generator::emitStmatrix<4, false>(const CallExpr &,
                                                 mlir::Location);
template Value Generator::emitStmatrix<2, false>(const CallExpr &,
                                                 mlir::Location);
template Value Generator::emitStmatrix<4, true>(const CallExpr &,
                                                mlir::Location);
template Value Generator::emitStmatrix<2, true>(const CallExpr &,
                                                mlir::Location);

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

/// Coordinates as the instruction takes them: i32, innermost first (a
/// Neve call writes them outermost first, as layout indices are).
static llvm::SmallVector<Value> tmaCoordinates(llvm::ArrayRef<Value> coords) {
  return llvm::SmallVector<Value>(llvm::reverse(coords));
}

Value Generator::emitTmaLoad(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  Value dst = sharedAddress(*e.args[0].value, l);
  Value map = emitExpr(*e.args[1].value);
  Value bar = sharedAddress(*e.args[2].value, l);
  llvm::SmallVector<Value> coords;
  for (size_t i = 3; i < e.args.size(); ++i)
    coords.push_back(emitExpr(*e.args[i].value));
  // A block's own shared memory, addressed in the shared::cluster window
  // (a launch without clusters is a cluster of one block).
  Value cluster = mlir::LLVM::AddrSpaceCastOp::create(
      b, l, mlir::LLVM::LLVMPointerType::get(&ctx, 7), dst);
  mlir::NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
      b, l, cluster, map, tmaCoordinates(coords), bar,
      /*im2colOffsets=*/mlir::ValueRange{}, /*multicastMask=*/Value(),
      /*l2CacheHint=*/Value(), mlir::NVVM::TMALoadMode::TILE,
      /*isCTAOnly=*/false, /*group=*/mlir::NVVM::CTAGroupKindAttr(),
      /*predicate=*/Value());
  return nullptr;
}

/// tma_store (cp.async.bulk.tensor ... global.shared::cta) and, with add,
/// tma_store_add (cp.reduce.async.bulk.tensor ... .add.tile: the box added
/// into global memory element by element, the L2 cache's atomic adds).
template <bool add>
Value Generator::emitTmaStore(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  Value map = emitExpr(*e.args[0].value);
  Value src = sharedAddress(*e.args[1].value, l);
  llvm::SmallVector<Value> coords;
  for (size_t i = 2; i < e.args.size(); ++i)
    coords.push_back(emitExpr(*e.args[i].value));
  if (add)
    mlir::NVVM::CpAsyncBulkTensorReduceOp::create(
        b, l, map, src, mlir::NVVM::TMAReduxKind::ADD,
        mlir::NVVM::TMAStoreMode::TILE, tmaCoordinates(coords),
        /*l2CacheHint=*/Value());
  else
    mlir::NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
        b, l, map, src, tmaCoordinates(coords), /*l2CacheHint=*/Value(),
        mlir::NVVM::TMAStoreMode::TILE, /*predicate=*/Value());
  return nullptr;
}
template Value Generator::emitTmaStore<false>(const CallExpr &,
                                              mlir::Location);
template Value Generator::emitTmaStore<true>(const CallExpr &,
                                             mlir::Location);

Value Generator::emitTmaCommitGroup(const CallExpr &, mlir::Location l) {
  requireSm(90);
  mlir::NVVM::CpAsyncBulkCommitGroupOp::create(b, l);
  return nullptr;
}

template <bool read>
Value Generator::emitTmaWaitGroup(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  int64_t n = constantOf(emitExpr(*e.args[0].value));
  mlir::NVVM::CpAsyncBulkWaitGroupOp::create(
      b, l, b.getI32IntegerAttr(n), read ? b.getUnitAttr() : mlir::UnitAttr());
  return nullptr;
}
template Value Generator::emitTmaWaitGroup<false>(const CallExpr &,
                                                  mlir::Location);
template Value Generator::emitTmaWaitGroup<true>(const CallExpr &,
                                                 mlir::Location);

//===----------------------------------------------------------------------===//
// wgmma and setmaxnreg (sm_90a)
//===----------------------------------------------------------------------===//

/// The layout type under a wgmma operand (casts and selections stripped),
/// or null.
static const Type *wgmmaRootLayout(const Expr &e) {
  const Expr *x = &e;
  while (auto *c = llvm::dyn_cast<CastExpr>(x))
    x = c->operand.get();
  while (auto *sel = llvm::dyn_cast<SelectExpr>(x))
    x = sel->base.get();
  return x->type && x->type->is(Type::Kind::Layout) ? x->type : nullptr;
}

/// The bytes of an element of a wgmma tile: 4 for float (TF32), else 2.
static int64_t wgmmaElementBytes(const Type *root) {
  const Type *el = root->getElement();
  return el && el->is(Type::Kind::Float) ? 4 : 2;
}

int64_t Generator::swizzleRowBytes(const Expr &e) {
  const Type *root = wgmmaRootLayout(e);
  if (!root || root->getExtents().size() < 2)
    return -1;
  int64_t cols = extentValue(root->getExtents().back());
  return mlir::ShapedType::isDynamic(cols) ? -1
                                           : cols * wgmmaElementBytes(root);
}

int64_t Generator::wgmmaPanelBytes(const Expr &e) {
  const Type *root = wgmmaRootLayout(e);
  if (!root || root->getExtents().size() < 3)
    return -1;
  auto extents = root->getExtents();
  int64_t rows = extentValue(extents[extents.size() - 2]);
  int64_t cols = extentValue(extents.back());
  if (mlir::ShapedType::isDynamic(rows) || mlir::ShapedType::isDynamic(cols))
    return -1;
  return rows * cols * wgmmaElementBytes(root);
}

Value Generator::wgmmaDescriptor(const Expr &e, mlir::Location l,
                                 int64_t mnMajorColumns) {
  // The matrix descriptor of a tile whose rows are S bytes apart in
  // S-byte swizzle (S = 32, 64, 128): the start address (16-byte units,
  // 14 bits), the leading byte offset, the stride byte offset (8 rows:
  // 8·S bytes) and the mode (1: 128 B, 2: 64 B, 3: 32 B). K-major (the
  // default): the leading byte offset is unused for swizzled tiles (1).
  // MN-major (mnMajorColumns = N > 0: a row holds S/2 consecutive columns
  // of N, and the tile's rows run along K): 8-row groups along K are the
  // stride byte offset apart, as for K-major, and the leading byte offset
  // is the distance between panels of S/2 columns, the panels of a shared
  // layout [P, rows, S/2] (PTX ISA, "Matrix Descriptor Format": with the
  // transpose bit the two offsets exchange roles). The layout is aligned
  // to S·8 bytes (LowerLayouts), so the base offset is 0.
  int64_t rowBytes = swizzleRowBytes(e);
  if (rowBytes != 32 && rowBytes != 64 && rowBytes != 128) {
    diag->error(e.getLoc(), "the rows of a wgmma tile must hold 32, 64 or "
                            "128 bytes, known at compile time (" +
                                (rowBytes < 0 ? std::string("not known")
                                              : std::to_string(rowBytes)) +
                                ")");
    rowBytes = 128;
  }
  int64_t leading = 1;
  if (mnMajorColumns > 0 && mnMajorColumns * 2 > rowBytes) {
    int64_t panel = wgmmaPanelBytes(e);
    if (panel <= 0 || panel % 16) {
      diag->error(e.getLoc(),
                  "the MN-major B tile (wgmma_nn, wgmma_tn) spans " +
                      std::to_string(mnMajorColumns) +
                      " columns, more than a " + std::to_string(rowBytes) +
                      "-byte row holds: it lies in a shared layout [P, rows, " +
                      std::to_string(rowBytes / 2) +
                      "] whose panels hold the columns " +
                      std::to_string(rowBytes / 2) + " at a time");
      panel = 16;
    }
    leading = panel / 16;
  }
  int64_t mode = rowBytes == 128 ? 1 : rowBytes == 64 ? 2 : 3;
  int64_t fixed = (leading << 16) | ((8 * rowBytes / 16) << 32) | (mode << 62);
  Value shared = sharedAddress(e, l);
  Value addr = mlir::LLVM::PtrToIntOp::create(b, l, b.getI32Type(), shared);
  Value a64 = mlir::arith::ExtUIOp::create(b, l, b.getI64Type(), addr);
  auto c64 = [&](int64_t v) {
    return mlir::arith::ConstantOp::create(b, l, b.getI64IntegerAttr(v));
  };
  Value field = mlir::arith::ShRUIOp::create(
      b, l, mlir::arith::AndIOp::create(b, l, a64, c64(0x3FFFF)), c64(4));
  return mlir::arith::OrIOp::create(b, l, field, c64(fixed));
}

template <bool mnMajorA, bool mnMajorB>
Value Generator::emitWgmma(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  const Type *accType = e.args[0].value->type;
  int64_t elements = 1;
  for (const Extent &x : accType->getExtents()) {
    int64_t v = extentValue(x);
    elements = mlir::ShapedType::isDynamic(v) ? -1 : elements * v;
    if (elements < 0)
      break;
  }
  if (elements % 4 || elements < 4 || elements > 128) {
    diag->error(e.args[0].loc,
                "the accumulator of 'wgmma' holds N/2 floats, N a multiple "
                "of 8 from 8 to 256: not " +
                    (elements < 0 ? std::string("a constant count")
                                  : std::to_string(elements)));
    return nullptr;
  }
  int64_t n = elements * 2;
  // D = A B + D, or with a literal false fourth argument D = A B (scale-d 0)
  bool accumulate = true;
  if (e.args.size() > 3)
    if (auto *lit = llvm::dyn_cast<BoolLitExpr>(e.args[3].value.get()))
      accumulate = lit->value;
  Value accView = emitExpr(*e.args[0].value);
  Value acc = llvm::isa<mlir::layout::ViewType>(accView.getType())
                  ? emitLayoutCorner(accView, l)
                  : accView;
  if (!llvm::is_contained(wgmmaAccumulators, std::make_pair(accView, elements)))
    wgmmaAccumulators.push_back({accView, elements});
  if (!llvm::is_contained(wgmmaOpenGroup, accView))
    wgmmaOpenGroup.push_back(accView);
  const Type *aType = e.args[1].value->type;
  bool aRegs = aType->getSpace() == MemSpace::Register;
  // A's 32-bit registers, read as pairs of its 16-bit elements (bf16,
  // f16): SROA then keeps the register layout as pairs, so a pair written
  // from two floats becomes one cvt.rn.bf16x2.f32 (LLVM's SLP pass), even
  // where it crosses a loop's back edge (flash attention's P), instead of
  // two conversions and a shift-or; as i32 words, SROA splits the layout
  // into 16-bit values and rebuilds each pair with integer arithmetic.
  mlir::Type aWord = b.getI32Type();
  if (aRegs) {
    // the whole register layout under the A fragment (`pf` of `pf{t, 0}`)
    const Expr *root = layoutRoot(*e.args[1].value);
    aWord = registerWord(root);
    int64_t bytes = -1;
    if (root->type && root->type->is(Type::Kind::Layout)) {
      const Type *el = root->type->getElement();
      bytes = el->is(Type::Kind::Int) || el->is(Type::Kind::Float) ? 4 : 2;
      for (const Extent &x : root->type->getExtents()) {
        int64_t v = extentValue(x);
        bytes = mlir::ShapedType::isDynamic(v) ? -1 : bytes * v;
        if (bytes < 0)
          break;
      }
    }
    if (bytes > 0 && bytes % 4 == 0)
      fenceWgmmaOperand(emitExpr(*root), bytes / 4, aWord, l);
  }
  if (aRegs && llvm::isa<NameExpr>(e.args[0].value.get()))
    fenceWgmmaOperand(accView, elements, b.getF32Type(), l);
  const Type *in = e.args[2].value->type->getElement();
  bool half = in && in->is(Type::Kind::Half);
  // float tiles: TF32, m64nNk8 (sema: K-major, A in shared memory)
  bool tf32 = in && in->is(Type::Kind::Float);
  mlir::Type f32 = b.getF32Type(), i32 = b.getI32Type();
  auto structType = mlir::LLVM::LLVMStructType::getLiteral(
      &ctx, llvm::SmallVector<mlir::Type>(elements, f32));
  Value d;
  if (aRegs) {
    // A from registers (wgmma's "RS" form): the thread's four 32-bit
    // registers of A's 64×16 tile, the layout of mma_16x8x16's A
    // fragment for the warp's 16 rows. NVVM's op takes descriptors only,
    // so the instruction is written here, as emitMma16x8x16 writes
    // mma.sync; the accumulators are tied operands.
    Value frag = emitExpr(*e.args[1].value);
    if (llvm::isa<mlir::layout::ViewType>(frag.getType()))
      frag = emitLayoutCorner(frag, l);
    llvm::SmallVector<Value> ops;
    for (int i = 0; i < 4; ++i)
      ops.push_back(mlir::LLVM::LoadOp::create(b, l, aWord,
                                               elementAt(frag, aWord, i, l)));
    ops.push_back(wgmmaDescriptor(*e.args[2].value, l, mnMajorB ? n : 0));
    for (int64_t i = 0; i < elements; ++i)
      ops.push_back(
          mlir::LLVM::LoadOp::create(b, l, f32, elementAt(acc, f32, i, l)));
    std::string type = half ? "f16" : "bf16";
    std::string text = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(n) +
                       "k16.f32." + type + "." + type + " {";
    std::string constraints;
    for (int64_t i = 0; i < elements; ++i) {
      text += (i ? ", $" : "$") + std::to_string(i);
      constraints += "=f,";
    }
    text += "}, {$" + std::to_string(elements) + ", $" +
            std::to_string(elements + 1) + ", $" +
            std::to_string(elements + 2) + ", $" +
            std::to_string(elements + 3) + "}, $" +
            std::to_string(elements + 4) + ", " + (accumulate ? "1" : "0") +
            ", 1, 1, " + (mnMajorB ? "1" : "0") + ";";
    constraints += "r,r,r,r,l";
    for (int64_t i = 0; i < elements; ++i)
      constraints += "," + std::to_string(i);
    d = mlir::LLVM::InlineAsmOp::create(
            b, l, structType, ops, b.getStringAttr(text),
            b.getStringAttr(constraints), /*has_side_effects=*/b.getUnitAttr(),
            /*is_align_stack=*/nullptr,
            mlir::LLVM::TailCallKindAttr::get(
                &ctx, mlir::LLVM::tailcallkind::TailCallKind::None),
            /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
            .getResult(0);
  } else {
    // MN-major A (wgmma_tn): a 16x64 tile whose rows run along K, the 64
    // columns being A's M rows: one 128-byte row of the swizzle.
    Value descA = wgmmaDescriptor(*e.args[1].value, l, mnMajorA ? 64 : 0);
    Value descB = wgmmaDescriptor(*e.args[2].value, l, mnMajorB ? n : 0);
    d = mlir::LLVM::PoisonOp::create(b, l, structType);
    for (int64_t i = 0; i < elements; ++i)
      d = mlir::LLVM::InsertValueOp::create(
          b, l, d,
          mlir::LLVM::LoadOp::create(b, l, f32, elementAt(acc, f32, i, l)), i);
    auto type = mlir::NVVM::WGMMATypesAttr::get(
        &ctx, tf32   ? mlir::NVVM::WGMMATypes::tf32
              : half ? mlir::NVVM::WGMMATypes::f16
                     : mlir::NVVM::WGMMATypes::bf16);
    auto one =
        mlir::NVVM::WGMMAScaleInAttr::get(&ctx, mlir::NVVM::WGMMAScaleIn::one);
    d = mlir::NVVM::WgmmaMmaAsyncOp::create(
        b, l, structType, d, descA, descB,
        mlir::NVVM::MMAShapeAttr::get(&ctx, 64, n, tf32 ? 8 : 16), type, type,
        mlir::NVVM::WGMMATypesAttr::get(&ctx, mlir::NVVM::WGMMATypes::f32),
        mlir::NVVM::WGMMAScaleOutAttr::get(
            &ctx, accumulate ? mlir::NVVM::WGMMAScaleOut::one
                             : mlir::NVVM::WGMMAScaleOut::zero),
        one, one,
        mlir::NVVM::MMALayoutAttr::get(&ctx, mnMajorA
                                                 ? mlir::NVVM::MMALayout::col
                                                 : mlir::NVVM::MMALayout::row),
        mlir::NVVM::MMALayoutAttr::get(&ctx, mnMajorB
                                                 ? mlir::NVVM::MMALayout::row
                                                 : mlir::NVVM::MMALayout::col),
        mlir::NVVM::MMAIntOverflowAttr());
  }
  for (int64_t i = 0; i < elements; ++i)
    mlir::LLVM::StoreOp::create(b, l,
                                mlir::LLVM::ExtractValueOp::create(b, l, d, i),
                                elementAt(acc, f32, i, l));
  return nullptr;
}
template Value Generator::emitWgmma<false, false>(const CallExpr &,
                                                  mlir::Location);
template Value Generator::emitWgmma<false, true>(const CallExpr &,
                                                 mlir::Location);
template Value Generator::emitWgmma<true, true>(const CallExpr &,
                                                mlir::Location);

Value Generator::emitWgmmaFence(const CallExpr &, mlir::Location l) {
  requireSm(90);
  lastWgmmaFence = mlir::NVVM::WgmmaFenceAlignedOp::create(b, l);
  return nullptr;
}

void Generator::pinRegisters(Value view, int64_t words, mlir::Type type,
                             mlir::Location l) {
  // Each 32-bit element of the register view (a float, or a pair of
  // 16-bit values: `type`) passes through an empty volatile asm
  // (CUTLASS's warpgroup_fence_operand): its value is complete here, and
  // nothing reads it earlier.
  bool isFloat = type.isF32();
  Value base = emitLayoutCorner(view, l);
  for (int64_t i = 0; i < words; ++i) {
    Value at = elementAt(base, type, i, l);
    Value v = mlir::LLVM::LoadOp::create(b, l, type, at);
    Value pinned = mlir::LLVM::InlineAsmOp::create(
                       b, l, type, mlir::ValueRange{v}, b.getStringAttr(""),
                       b.getStringAttr(isFloat ? "=f,0" : "=r,0"),
                       /*has_side_effects=*/b.getUnitAttr(),
                       /*is_align_stack=*/nullptr,
                       mlir::LLVM::TailCallKindAttr::get(
                           &ctx, mlir::LLVM::tailcallkind::TailCallKind::None),
                       /*asm_dialect=*/nullptr, /*operand_attrs=*/nullptr)
                       .getResult(0);
    mlir::LLVM::StoreOp::create(b, l, pinned, at);
  }
}

void Generator::fenceWgmmaOperand(Value view, int64_t words, mlir::Type word,
                                  mlir::Location l) {
  // Values computed for a wgmma's register operands (P's bf16 pairs, an
  // accumulator rescaled between products) are pure arithmetic, which
  // LLVM sinks to their use, past the wgmma_fence: ptxas then finds
  // registers of the wgmma written after its fence and injects a
  // warpgroup.arrive before it (C7519). Each register of the operand's
  // whole view passes through an empty volatile asm just before the fence,
  // so its value is complete there.
  mlir::func::FuncOp fn = enclosingFunc(b);
  if (!fn || !lastWgmmaFence ||
      !llvm::isa<mlir::layout::ViewType>(view.getType()) ||
      llvm::is_contained(wgmmaFencedViews,
                         std::make_pair(lastWgmmaFence, view)))
    return;
  mlir::DominanceInfo dominance(fn);
  if (!dominance.properlyDominates(view, lastWgmmaFence) ||
      !dominance.dominates(lastWgmmaFence->getBlock(), b.getInsertionBlock()))
    return;
  wgmmaFencedViews.push_back({lastWgmmaFence, view});
  mlir::OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(lastWgmmaFence);
  pinRegisters(view, words, word, l);
}

Value Generator::emitWgmmaCommitGroup(const CallExpr &, mlir::Location l) {
  requireSm(90);
  mlir::NVVM::WgmmaGroupSyncAlignedOp::create(b, l);
  wgmmaGroups.push_back(std::move(wgmmaOpenGroup));
  wgmmaOpenGroup.clear();
  return nullptr;
}

Value Generator::emitWgmmaWaitGroup(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  auto wait = mlir::NVVM::WgmmaWaitGroupSyncOp::create(
      b, l, constantOf(emitExpr(*e.args[0].value)));
  // The accumulators are SSA values of the wgmmas' results once SROA has
  // run, which LLVM may read before the wait (nothing ties them to it):
  // ptxas then serialises the wgmmas (C7514) and waits early. As CUTLASS's
  // warpgroup_fence_operand does, each accumulator register passes through
  // an empty volatile asm here, so its readers follow the wait.
  mlir::func::FuncOp fn = enclosingFunc(b);
  if (!fn || wgmmaAccumulators.empty())
    return nullptr;
  mlir::DominanceInfo dominance(fn);
  // wgmma_wait_group(n) leaves the last n groups committed (in program
  // order) in flight: an accumulator that only they write is not final,
  // and reading it here would make ptxas wait for them (flash attention
  // keeps P·V in flight across q·kᵀ's wait and its softmax).
  int64_t pending = constantOf(emitExpr(*e.args[0].value));
  size_t done = wgmmaGroups.size() > size_t(pending)
                    ? wgmmaGroups.size() - size_t(pending)
                    : 0;
  auto inFlightOnly = [&](Value view) {
    if (pending <= 0)
      return false;
    bool inFlight = false;
    for (size_t g = done; g < wgmmaGroups.size(); ++g)
      inFlight |= llvm::is_contained(wgmmaGroups[g], view);
    for (size_t g = 0; g < done && inFlight; ++g)
      if (llvm::is_contained(wgmmaGroups[g], view))
        return false;
    return inFlight;
  };
  for (auto [view, count] : wgmmaAccumulators) {
    if (!dominance.properlyDominates(view, wait) || inFlightOnly(view))
      continue;
    pinRegisters(view, count, b.getF32Type(), l);
  }
  return nullptr;
}

template <bool increase>
Value Generator::emitSetmaxnreg(const CallExpr &e, mlir::Location l) {
  requireSm(90);
  mlir::NVVM::SetMaxRegisterOp::create(
      b, l, constantOf(emitExpr(*e.args[0].value)),
      increase ? mlir::NVVM::SetMaxRegisterAction::increase
               : mlir::NVVM::SetMaxRegisterAction::decrease);
  return nullptr;
}
template Value Generator::emitSetmaxnreg<true>(const CallExpr &,
                                               mlir::Location);
template Value Generator::emitSetmaxnreg<false>(const CallExpr &,
                                                mlir::Location);

//===----------------------------------------------------------------------===//
// Tensor maps (host)
//===----------------------------------------------------------------------===//

namespace {
int32_t typeTag(const Type *t) {
  switch (t->getKind()) {
  case Type::Kind::Int:
    return NEVE_TYPE_INT;
  case Type::Kind::I8:
  case Type::Kind::Char:
    return NEVE_TYPE_I8;
  case Type::Kind::I16:
    return NEVE_TYPE_I16;
  case Type::Kind::I64:
    return NEVE_TYPE_I64;
  case Type::Kind::BF16:
    return NEVE_TYPE_BF16;
  case Type::Kind::Half:
    return NEVE_TYPE_HALF;
  default:
    return NEVE_TYPE_FLOAT;
  }
}
} // namespace

Value Generator::cStringConstant(llvm::StringRef text, mlir::Location l) {
  std::string &name = cStrings[text];
  mlir::Type i8 = b.getI8Type();
  std::string bytes = text.str();
  bytes.push_back('\0');
  if (name.empty()) {
    name = "neve.cstr." + std::to_string(cStrings.size() - 1);
    mlir::OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    mlir::LLVM::GlobalOp::create(
        b, l, mlir::LLVM::LLVMArrayType::get(i8, bytes.size()),
        /*isConstant=*/true, mlir::LLVM::Linkage::Internal, name,
        b.getStringAttr(bytes));
  }
  return mlir::LLVM::AddressOfOp::create(
      b, l, mlir::LLVM::LLVMPointerType::get(&ctx), name);
}

Value Generator::emitTensorMapCall(const CallExpr &e, mlir::Location l,
                                   int rank) {
  // neve_gpu_tensor_map(base, type, rank, d0, d1, d2, pitch, b0, b1, b2,
  //                     swizzle, file, line, col): extents outermost
  // first; the runtime encodes the map once per distinct arguments.
  const Type *p = e.args[0].value->type;
  int32_t tag = p->is(Type::Kind::Pointer) ? typeTag(p->getElement())
                : p->getName() == "bf16_pp" ? NEVE_TYPE_BF16
                                            : NEVE_TYPE_FLOAT;
  auto args = emitArgs(e);
  auto i32 = [&](int64_t v) -> Value {
    return mlir::arith::ConstantOp::create(b, l, b.getI32IntegerAttr(v));
  };
  auto i64 = [&](int64_t v) -> Value {
    return mlir::arith::ConstantOp::create(b, l, b.getI64IntegerAttr(v));
  };
  llvm::SmallVector<Value> call{args[0], i32(tag), i32(rank)};
  if (rank == 2) {
    call.append({i64(1), args[1], args[2]});
    call.push_back(args.size() == 7 ? args[6] : i64(-1));
    call.append({i32(1), args[3], args[4], args[5]});
  } else {
    call.append({args[1], args[2], args[3], i64(-1), args[4], args[5], args[6],
                 args[7]});
  }
  auto flc = llvm::dyn_cast<mlir::FileLineColLoc>(l);
  call.push_back(cStringConstant(
      flc ? flc.getFilename().getValue() : llvm::StringRef("<unknown>"), l));
  call.push_back(i32(flc ? flc.getLine() : 0));
  call.push_back(i32(flc ? flc.getColumn() : 0));
  return callRuntime("neve_gpu_tensor_map",
                     mlir::LLVM::LLVMPointerType::get(&ctx), call, l);
}

Value Generator::emitTensorMap(const CallExpr &e, mlir::Location l) {
  return emitTensorMapCall(e, l, 2);
}

Value Generator::emitTensorMap3d(const CallExpr &e, mlir::Location l) {
  return emitTensorMapCall(e, l, 3);
}
