//===- CallChain.cpp - Matching chains of Frost calls ---------------------===//

#include "CallChain.h"
#include "FusionPatterns.h"

#include "neve/Dialect/Neve/IR/NeveOps.h"
#include "neve/Dialect/Neve/IR/NeveTypes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

/// The role an operation carries (`neve.role`, set by MLIRGen from the
/// callee's `@role`, §3.10).
static std::optional<neve::FusionRole> carriedRole(Operation *op) {
  auto role = op->getAttrOfType<StringAttr>(neve::kRoleAttrName);
  if (!role)
    return std::nullopt;
  return neve::symbolizeFusionRole(role.getValue());
}

std::optional<neve::FusionRole> neve::roleOf(func::CallOp call) {
  return carriedRole(call);
}

void neve::carryRole(func::CallOp call, func::FuncOp fn) {
  if (auto role = fn->getAttr(kRoleAttrName))
    call->setAttr(kRoleAttrName, role);
}

Value neve::callerPosition(func::CallOp call) {
  if (call.getNumOperands() == 0)
    return nullptr;
  Value last = call.getOperands().back();
  return isa<StrType>(last.getType()) ? last : nullptr;
}

OperandRange neve::roleOperands(func::CallOp call) {
  return callerPosition(call) ? call.getOperands().drop_back()
                              : call.getOperands();
}

func::CallOp neve::chainProducer(Value v, FusionRole role, Block *block) {
  auto call = v.getDefiningOp<func::CallOp>();
  if (!call || call->getBlock() != block || roleOf(call) != role ||
      call->getNumResults() != 1 || !v.hasOneUse())
    return nullptr;
  return call;
}

bool neve::insideFusionBarrier(Operation *op) {
  auto fn = op->getParentOfType<func::FuncOp>();
  if (!fn)
    return true;
  std::optional<FusionRole> inside = carriedRole(fn);
  return inside && isFusionBarrier(*inside);
}

/// Whether \p op leaves memory as it was (it may read it).
static bool writesNothing(Operation *op) {
  if (isMemoryEffectFree(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects || op->getNumRegions() != 0)
    return false;
  return !effects.hasEffect<MemoryEffects::Write>() &&
         !effects.hasEffect<MemoryEffects::Free>();
}

bool neve::nothingWritesBetween(ArrayRef<Operation *> chain) {
  for (Operation *op = chain.front()->getNextNode(); op != chain.back();
       op = op->getNextNode())
    if (!llvm::is_contained(chain, op) && !writesNothing(op))
      return false;
  return true;
}

func::FuncOp neve::lookupReplacement(Operation *from, FusionRole replacement,
                                     TypeRange inputs, TypeRange results) {
  auto module = from->getParentOfType<ModuleOp>();
  for (auto fn : module.getOps<func::FuncOp>())
    if (carriedRole(fn) == replacement &&
        llvm::equal(fn.getFunctionType().getInputs(), inputs) &&
        llvm::equal(fn.getFunctionType().getResults(), results))
      return fn;
  return nullptr;
}

void neve::remarkChainFused(StringRef pattern, ArrayRef<Operation *> chain,
                            func::FuncOp replacement, StringRef suffix) {
  InFlightDiagnostic remark = emitRemark(chain.back()->getLoc())
                              << "neve-fuse[" << pattern << "]: fused ";
  for (auto [i, op] : llvm::enumerate(chain)) {
    auto call = cast<func::CallOp>(op);
    StringRef name = call.getCallee();
    // "operator*.gpu_tensor.float" -> "*"
    if (name.starts_with("operator"))
      name = name.drop_front(8).take_until([](char ch) { return ch == '.'; });
    remark << (i == 0 ? "" : i + 1 == chain.size() ? " and " : ", ") << "'"
           << name << "' (" << fusionLineOf(call.getLoc()) << ")";
  }
  remark << " into a call of '" << replacement.getSymName() << "'"
         << suffix;
  remark.report();
}
