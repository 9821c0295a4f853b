//===- ConcurrencyLowering.cpp - Tasks, locks and channels to LLVM --------===//
//
// §6.8 on the runtime's C ABI (neve_runtime.h, "Concurrency"):
// neve.task_spawn stores its captures in a garbage-collected struct (the
// environment, scanned, so captured references stay alive) and calls
// neve_async / neve_asyncs with the outlined function's address;
// neve.task_env reads them back in the task. A lock is looked up by name
// (neve_lock_get interns it). A channel element travels through a stack
// slot of its LLVM type, copied in and out by the runtime.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"
#include "RuntimeCalls.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::neve;

namespace {

/// The struct holding a task's captured values.
static LLVM::LLVMStructType envType(const TypeConverter &converter,
                                    TypeRange types) {
  SmallVector<Type> fields;
  for (Type t : types)
    fields.push_back(converter.convertType(t));
  return LLVM::LLVMStructType::getLiteral(types.empty()
                                              ? nullptr
                                              : types.front().getContext(),
                                          fields);
}

struct TaskSpawnLowering : ConvertOpToLLVMPattern<TaskSpawnOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TaskSpawnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Value env = LLVM::ZeroOp::create(rewriter, loc, ptr);
    if (!adaptor.getCaptures().empty()) {
      auto type = envType(*getTypeConverter(), op.getCaptures().getTypes());
      // sizeof: the address of element 1 of a null struct pointer.
      Value end = LLVM::GEPOp::create(rewriter, loc, ptr, type, env,
                                      ArrayRef<LLVM::GEPArg>{1});
      Value size =
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), end);
      env = rt.call(loc, "neve_object_new", {size});
      for (auto [i, v] : llvm::enumerate(adaptor.getCaptures())) {
        Value field = LLVM::GEPOp::create(
            rewriter, loc, ptr, type, env,
            ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
        LLVM::StoreOp::create(rewriter, loc, v, field);
      }
    }
    Value fn = LLVM::AddressOfOp::create(rewriter, loc, ptr, op.getCallee());
    Value scope = adaptor.getScope()
                      ? adaptor.getScope()
                      : LLVM::ZeroOp::create(rewriter, loc, ptr).getResult();
    if (adaptor.getCount())
      rt.call(loc, "neve_asyncs", {scope, adaptor.getCount(), fn, env});
    else
      rt.call(loc, "neve_async", {scope, fn, env});
    rewriter.eraseOp(op);
    return success();
  }
};

struct TaskEnvLowering : ConvertOpToLLVMPattern<TaskEnvOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(TaskEnvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
    auto type = envType(*getTypeConverter(), op.getResultTypes());
    SmallVector<Value> values;
    for (auto [i, t] : llvm::enumerate(type.getBody())) {
      Value field = LLVM::GEPOp::create(
          rewriter, loc, ptr, type, adaptor.getEnv(),
          ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
      values.push_back(LLVM::LoadOp::create(rewriter, loc, t, field));
    }
    rewriter.replaceOp(op, values);
    return success();
  }
};

/// An op that becomes one runtime call on its converted operands.
template <typename Op>
struct RuntimeCallLowering : ConvertOpToLLVMPattern<Op> {
  RuntimeCallLowering(LLVMTypeConverter &converter, StringRef fn)
      : ConvertOpToLLVMPattern<Op>(converter), fn(fn) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->template getParentOfType<ModuleOp>());
    Value r = rt.call(op.getLoc(), fn, adaptor.getOperands());
    if (op->getNumResults())
      rewriter.replaceOp(op, r);
    else
      rewriter.eraseOp(op);
    return success();
  }
  std::string fn;
};

struct ThreadIdLowering : ConvertOpToLLVMPattern<ThreadIdOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ThreadIdOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    StringRef fn = op.getKind() == "tid"  ? "neve_tid"
                   : op.getKind() == "tN" ? "neve_tn"
                                          : "neve_thw";
    rewriter.replaceOp(op, rt.call(op.getLoc(), fn, {}));
    return success();
  }
};

struct ArraySplitLowering : ConvertOpToLLVMPattern<ArraySplitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ArraySplitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    auto i64 = rewriter.getI64Type();
    Value t = LLVM::SExtOp::create(rewriter, loc, i64,
                                   rt.call(loc, "neve_tid", {}));
    Value n = LLVM::SExtOp::create(rewriter, loc, i64,
                                   rt.call(loc, "neve_tn", {}));
    rewriter.replaceOp(op, rt.call(loc,
                                   op.getStrided() ? "neve_array_split_stride"
                                                   : "neve_array_split_chunk",
                                   {adaptor.getArray(), t, n}));
    return success();
  }
};

template <typename Op>
struct LockLowering : ConvertOpToLLVMPattern<Op> {
  LockLowering(LLVMTypeConverter &converter, StringRef fn)
      : ConvertOpToLLVMPattern<Op>(converter), fn(fn) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto module = op->template getParentOfType<ModuleOp>();
    RuntimeCalls rt(rewriter, module);
    Value name = getCString(rewriter, loc, module, op.getName());
    Value lock = rt.call(loc, "neve_lock_get", {name});
    rt.call(loc, fn, {lock});
    rewriter.eraseOp(op);
    return success();
  }
  std::string fn;
};

/// The size in bytes of one element of a channel of `elem`.
static int64_t elementSize(Operation *op, const TypeConverter &converter,
                           Type elem) {
  return DataLayout::closest(op).getTypeSize(converter.convertType(elem));
}

/// A stack slot for one element, in the function's entry block.
static Value elementSlot(ConversionPatternRewriter &rewriter, Operation *op,
                         Type llvmElem) {
  OpBuilder::InsertionGuard guard(rewriter);
  auto fn = op->getParentOfType<FunctionOpInterface>();
  rewriter.setInsertionPointToStart(&fn.getFunctionBody().front());
  Value one =
      LLVM::ConstantOp::create(rewriter, op->getLoc(), rewriter.getI64Type(), 1);
  return LLVM::AllocaOp::create(
      rewriter, op->getLoc(), LLVM::LLVMPointerType::get(op->getContext()),
      llvmElem, one);
}

struct ChannelNewLowering : ConvertOpToLLVMPattern<ChannelNewOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ChannelNewOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    auto i64 = rewriter.getI64Type();
    Value capacity =
        LLVM::ConstantOp::create(rewriter, loc, i64, op.getCapacity());
    Value size = LLVM::ConstantOp::create(
        rewriter, loc, i64,
        elementSize(op, *getTypeConverter(),
                    op.getType().getElementType()));
    rewriter.replaceOp(op, rt.call(loc, "neve_channel_new", {capacity, size}));
    return success();
  }
};

struct ChannelSendLowering : ConvertOpToLLVMPattern<ChannelSendOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ChannelSendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elem = adaptor.getValue().getType();
    Value slot = elementSlot(rewriter, op, elem);
    LLVM::StoreOp::create(rewriter, loc, adaptor.getValue(), slot);
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rt.call(loc, "neve_channel_send", {adaptor.getChannel(), slot});
    rewriter.eraseOp(op);
    return success();
  }
};

struct ChannelRecvLowering : ConvertOpToLLVMPattern<ChannelRecvOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ChannelRecvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type elem = getTypeConverter()->convertType(op.getResult().getType());
    Value slot = elementSlot(rewriter, op, elem);
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    // On a terminated, empty channel the runtime zero-fills the slot.
    Value received =
        rt.call(loc, "neve_channel_recv", {adaptor.getChannel(), slot});
    Value value = LLVM::LoadOp::create(rewriter, loc, elem, slot);
    Value ok =
        LLVM::TruncOp::create(rewriter, loc, rewriter.getI1Type(), received);
    rewriter.replaceOp(op, {value, ok});
    return success();
  }
};

struct ChannelAliveLowering : ConvertOpToLLVMPattern<ChannelAliveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ChannelAliveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    Value alive =
        rt.call(op.getLoc(), "neve_channel_alive", {adaptor.getChannel()});
    rewriter.replaceOpWithNewOp<LLVM::TruncOp>(op, rewriter.getI1Type(),
                                               alive);
    return success();
  }
};

struct ChannelSumLowering : ConvertOpToLLVMPattern<ChannelSumOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ChannelSumOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type t = op.getType();
    StringRef fn = t.isInteger(32)   ? "neve_channel_sum_int"
                   : t.isInteger(64) ? "neve_channel_sum_i64"
                                     : "neve_channel_sum_float";
    RuntimeCalls rt(rewriter, op->getParentOfType<ModuleOp>());
    rewriter.replaceOp(op, rt.call(op.getLoc(), fn, {adaptor.getChannel()}));
    return success();
  }
};

} // namespace

void mlir::neve::populateConcurrencyLoweringPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<TaskSpawnLowering, TaskEnvLowering, ThreadIdLowering,
               ArraySplitLowering, ChannelNewLowering, ChannelSendLowering,
               ChannelRecvLowering, ChannelAliveLowering, ChannelSumLowering>(
      converter);
  patterns.add<RuntimeCallLowering<FinishBeginOp>>(converter,
                                                   "neve_finish_begin");
  patterns.add<RuntimeCallLowering<FinishEndOp>>(converter, "neve_finish_end");
  patterns.add<RuntimeCallLowering<ChannelTerminateOp>>(
      converter, "neve_channel_terminate");
  patterns.add<LockLowering<LockAcquireOp>>(converter, "neve_lock_acquire");
  patterns.add<LockLowering<LockReleaseOp>>(converter, "neve_lock_release");
}
