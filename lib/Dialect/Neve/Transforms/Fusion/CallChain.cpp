//===- CallChain.cpp - Matching chains of calls by role -------------------===//

#include "CallChain.h"
#include "FusionPatterns.h"

#include "neve/Dialect/Neve/IR/NeveOps.h"
#include "neve/Dialect/Neve/IR/NeveTypes.h"
#include "neve/Support/FusionRoles.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

void mlir::neve::registerFusionRole(StringRef role) {
  ::neve::registerFusionRole(role);
}

void mlir::neve::registerFusionReplacementRole(StringRef role,
                                               ArrayRef<std::string> triggers) {
  ::neve::registerFusionReplacementRole(role, triggers);
}

StringRef mlir::neve::roleNameOf(Operation *op) {
  if (auto role = op->getAttrOfType<StringAttr>(kRoleAttrName))
    return role.getValue();
  return "";
}

std::optional<mlir::neve::FusionRole> mlir::neve::roleOf(func::CallOp call) {
  StringRef role = roleNameOf(call);
  if (role.empty())
    return std::nullopt;
  return symbolizeFusionRole(role);
}

void mlir::neve::carryRole(func::CallOp call, func::FuncOp fn) {
  if (auto role = fn->getAttr(kRoleAttrName))
    call->setAttr(kRoleAttrName, role);
}

Value mlir::neve::callerPosition(func::CallOp call) {
  if (call.getNumOperands() == 0)
    return nullptr;
  Value last = call.getOperands().back();
  return isa<StrType>(last.getType()) ? last : nullptr;
}

OperandRange mlir::neve::roleOperands(func::CallOp call) {
  return callerPosition(call) ? call.getOperands().drop_back()
                              : call.getOperands();
}

func::CallOp mlir::neve::chainProducer(Value v, StringRef role, Block *block) {
  auto call = v.getDefiningOp<func::CallOp>();
  if (!call || call->getBlock() != block || role.empty() ||
      roleNameOf(call) != role || call->getNumResults() != 1 || !v.hasOneUse())
    return nullptr;
  return call;
}

func::CallOp mlir::neve::chainProducer(Value v, FusionRole role, Block *block) {
  return chainProducer(v, stringifyFusionRole(role), block);
}

bool mlir::neve::insideFusionBarrier(Operation *op) {
  auto fn = op->getParentOfType<func::FuncOp>();
  if (!fn)
    return true;
  StringRef inside = roleNameOf(fn);
  if (inside.empty())
    return false;
  if (std::optional<FusionRole> known = symbolizeFusionRole(inside))
    return isFusionBarrier(*known);
  // A replacement role of a plugin or pattern file.
  return !::neve::fusionReplacementTriggers(inside).empty();
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

bool mlir::neve::nothingWritesBetween(ArrayRef<Operation *> chain) {
  for (Operation *op = chain.front()->getNextNode(); op != chain.back();
       op = op->getNextNode())
    if (!llvm::is_contained(chain, op) && !writesNothing(op))
      return false;
  return true;
}

func::FuncOp mlir::neve::lookupReplacement(Operation *from,
                                           StringRef replacement,
                                           TypeRange inputs,
                                           TypeRange results) {
  auto module = from->getParentOfType<ModuleOp>();
  if (!module || replacement.empty())
    return nullptr;
  for (auto fn : module.getOps<func::FuncOp>())
    if (roleNameOf(fn) == replacement &&
        llvm::equal(fn.getFunctionType().getInputs(), inputs) &&
        llvm::equal(fn.getFunctionType().getResults(), results))
      return fn;
  return nullptr;
}

func::FuncOp mlir::neve::lookupReplacement(Operation *from,
                                           FusionRole replacement,
                                           TypeRange inputs,
                                           TypeRange results) {
  return lookupReplacement(from, stringifyFusionRole(replacement), inputs,
                           results);
}

void mlir::neve::remarkChainFused(StringRef pattern,
                                  ArrayRef<Operation *> chain,
                                  func::FuncOp replacement, StringRef suffix) {
  InFlightDiagnostic remark = emitRemark(chain.back()->getLoc())
                              << "neve-fuse[" << pattern << "]: fused ";
  for (auto [i, op] : llvm::enumerate(chain)) {
    auto call = cast<func::CallOp>(op);
    StringRef name = call.getCallee();
    // "operator*.gpu_tensor.float" -> "*"
    if (name.starts_with("operator"))
      name = name.drop_front(8).take_until([](char ch) { return ch == '.'; });
    remark << (i == 0                  ? ""
               : i + 1 == chain.size() ? " and "
                                       : ", ")
           << "'" << name << "' (" << fusionLineOf(call.getLoc()) << ")";
  }
  remark << " into a call of '" << replacement.getSymName() << "'" << suffix;
  remark.report();
}
