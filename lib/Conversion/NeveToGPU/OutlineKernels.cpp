//===- OutlineKernels.cpp - Device functions into a gpu.module -------------===//
//
// --neve-outline-kernels: the `func.func`s MLIRGen marked `neve.kernel`
// get every call of a `neve.device` function inlined (§3.7) and become
// `gpu.func` kernels of one `gpu.module @neve_kernels` (the device
// functions move there too, for symbol-dce to drop),
// and every `neve.launch` becomes a `gpu.launch_func` on the launching
// thread's stream (the runtime's `neve_gpu_stream`), preceded by a call
// that tells the runtime the source location of the launch.
//
//===----------------------------------------------------------------------===//

#include "KernelObjects.h"
#include "SharedLayouts.h"
#include "neve/Dialect/Layout/IR/LayoutOps.h"
#include "neve/Conversion/Passes.h"
#include "neve/Dialect/Neve/IR/NeveOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/InliningUtils.h"

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEOUTLINEKERNELSPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

constexpr StringLiteral kModuleName = "neve_kernels";
/// MLIRGen's marks (MLIRGenHopper.cpp, MLIRGen.cpp): the least sm a
/// function's intrinsics need, a kernel's launch_bounds, the indices of its
/// tensor_map parameters.
constexpr StringLiteral kMinSmAttr = "neve.min_sm";
constexpr StringLiteral kLaunchBoundsAttr = "neve.launch_bounds";
constexpr StringLiteral kTensorMapArgsAttr = "neve.tensor_map_args";

/// The file, line and column of `loc` (the first of a fused location).
FileLineColLoc fileLineCol(Location loc) {
  if (auto flc = dyn_cast<FileLineColLoc>(loc))
    return flc;
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (auto flc = fileLineCol(inner))
        return flc;
  return {};
}

/// The declaration of runtime function `name`, added to `module` once.
func::FuncOp runtimeFunc(ModuleOp module, StringRef name, FunctionType type) {
  if (auto fn = module.lookupSymbol<func::FuncOp>(name))
    return fn;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  auto fn = func::FuncOp::create(b, module.getLoc(), name, type);
  fn.setPrivate();
  return fn;
}

/// The address of a NUL-terminated constant string global in `module`.
Value cString(OpBuilder &b, Location loc, ModuleOp module, StringRef text,
              unsigned &counter) {
  std::string name = "neve.launch_file." + std::to_string(counter++);
  std::string bytes = text.str();
  bytes.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes.size());
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                           LLVM::Linkage::Internal, name,
                           b.getStringAttr(bytes));
  }
  return LLVM::AddressOfOp::create(b, loc, LLVM::LLVMPointerType::get(
                                               b.getContext()),
                                   name);
}

/// Inlines every call of a device function in `kernel`, transitively (§3.7:
/// gpu functions are always inlined and never recursive). Done while the
/// kernel is still a func.func, into which the func dialect allows inlining.
LogicalResult inlineDeviceCalls(func::FuncOp kernel, SymbolTable &symbols,
                                int32_t &minSm) {
  InlinerInterface interface(kernel.getContext());
  auto clone = [](OpBuilder &, Region *src, Block *inlineBlock,
                  Block *postInsertBlock, IRMapping &mapper,
                  bool shouldClone) {
    Region *insertRegion = inlineBlock->getParent();
    if (shouldClone)
      src->cloneInto(insertRegion, postInsertBlock->getIterator(), mapper);
    else
      insertRegion->getBlocks().splice(postInsertBlock->getIterator(),
                                       src->getBlocks(), src->begin(),
                                       src->end());
  };
  while (true) {
    SmallVector<func::CallOp> calls;
    kernel.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (callee && callee->hasAttr(kDeviceAttrName))
        calls.push_back(call);
    });
    if (calls.empty())
      return success();
    for (func::CallOp call : calls) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (auto sm = callee->getAttrOfType<IntegerAttr>(kMinSmAttr))
        minSm = std::max<int32_t>(minSm, sm.getInt());
      if (failed(inlineCall(interface, clone, call, callee,
                            &callee.getBody())))
        return call.emitError("cannot inline the gpu function @")
               << call.getCallee();
      call.erase();
    }
  }
}

/// A PTX identifier for `name`: specializations (`k<64>`) and overloads
/// (`f.int`) have characters PTX does not accept.
std::string ptxName(StringRef name, SymbolTable &symbols) {
  std::string out;
  for (char c : name)
    out.push_back(isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_');
  if (out == name)
    return out;
  std::string unique = out;
  for (unsigned n = 1; symbols.lookup(unique); ++n)
    unique = out + "_" + std::to_string(n);
  return unique;
}

struct OutlineKernelsPass
    : neve::impl::NeveOutlineKernelsPassBase<OutlineKernelsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels, devices;
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (fn->hasAttr(kKernelAttrName))
        kernels.push_back(fn);
      else if (fn->hasAttr(kDeviceAttrName))
        devices.push_back(fn);
    }
    if (kernels.empty() && devices.empty())
      return;
    MLIRContext *ctx = &getContext();
    SymbolTable moduleSymbols(module);
    llvm::StringMap<int32_t> minSm;
    for (func::FuncOp fn : kernels) {
      int32_t sm = 0;
      if (auto own = fn->getAttrOfType<IntegerAttr>(kMinSmAttr))
        sm = own.getInt();
      if (failed(inlineDeviceCalls(fn, moduleSymbols, sm)))
        return signalPassFailure();
      minSm[fn.getSymName()] = sm;
      // setmaxnreg takes effect only under a register cap at entry, which
      // the kernel's launch_bounds give (ptxas ignores it otherwise: C7508).
      if (!fn->hasAttr(kLaunchBoundsAttr)) {
        WalkResult r = fn.walk([&](NVVM::SetMaxRegisterOp op) {
          op.emitError("setmaxnreg needs its kernel to declare "
                       "launch_bounds(threads, blocks): without a register "
                       "budget at entry the instruction is ignored");
          return WalkResult::interrupt();
        });
        if (r.wasInterrupted())
          return signalPassFailure();
      }
    }
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(ctx));
    OpBuilder b(ctx);
    b.setInsertionPointToEnd(module.getBody());
    auto gpuModule = gpu::GPUModuleOp::create(b, module.getLoc(), kModuleName);
    SymbolTable symbols(gpuModule);

    for (func::FuncOp fn : devices) {
      fn->remove();
      fn->removeAttr(kDeviceAttrName);
      symbols.insert(fn);
    }
    // Tiled products whose staging exceeds static shared memory use the
    // kernel's dynamic shared memory (LowerMatmul.cpp): its launches
    // request that many bytes.
    // A product is laid out for a number of warps: launches check their
    // block size against it before the kernel starts.
    // So do the kernel's smem layouts when they exceed it
    // (SharedLayouts.cpp), after the products' staging.
    llvm::StringMap<int64_t> dynamicSmem;
    llvm::StringMap<std::pair<int64_t, std::string>> blockThreads;
    for (func::FuncOp fn : kernels) {
      int64_t staticStaging = 0;
      fn.walk([&](layout::MatmulOp mm) {
        if (mm.usesDynamicSmem())
          dynamicSmem[fn.getSymName()] = std::max(
              dynamicSmem.lookup(fn.getSymName()), mm.getStagingBytes());
        else
          staticStaging += mm.getStagingBytes();
        FileLineColLoc at = fileLineCol(mm.getLoc());
        std::string where =
            at ? (at.getFilename().getValue() + ":" + Twine(at.getLine()) +
                  ":" + Twine(at.getColumn()))
                     .str()
               : std::string("?");
        blockThreads[fn.getSymName()] = {mm.getNumWarps() * 32, where};
      });
      int64_t staging = dynamicSmem.lookup(fn.getSymName());
      FailureOr<int64_t> layouts = placeSharedLayouts(
          fn, staticStaging, llvm::alignTo(staging, 1024));
      if (failed(layouts))
        return signalPassFailure();
      if (*layouts)
        dynamicSmem[fn.getSymName()] = *layouts;
    }
    llvm::StringMap<int32_t> launchBounds;
    llvm::StringMap<DenseI32ArrayAttr> tensorMapArgs;
    // Kernel symbols as PTX names; the launches use the new names.
    llvm::StringMap<std::string> kernelNames;
    for (func::FuncOp fn : kernels)
      kernelNames[fn.getSymName()] = ptxName(fn.getSymName(), symbols);
    for (func::FuncOp fn : kernels) {
      b.setInsertionPointToEnd(gpuModule.getBody());
      auto kernel = gpu::GPUFuncOp::create(
          b, fn.getLoc(), kernelNames[fn.getSymName()], fn.getFunctionType());
      kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                      UnitAttr::get(ctx));
      if (int32_t sm = minSm.lookup(fn.getSymName()))
        kernel->setAttr(kMinSmAttr, b.getI32IntegerAttr(sm));
      if (Attribute maps = fn->getAttr(kTensorMapArgsAttr))
        kernel->setAttr(kTensorMapArgsAttr, maps);
      if (fn->hasAttr(kLibraryKernelAttrName))
        kernel->setAttr(kLibraryKernelAttrName, UnitAttr::get(ctx));
      // launch_bounds(T, B): PTX .maxntid T, 1, 1 and .minnctapersm B.
      if (auto bounds = fn->getAttrOfType<DenseI32ArrayAttr>(
              kLaunchBoundsAttr)) {
        kernel->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                        b.getDenseI32ArrayAttr({bounds[0], 1, 1}));
        if (bounds[1] > 0)
          kernel->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                          b.getI32IntegerAttr(bounds[1]));
        launchBounds[fn.getSymName()] = bounds[0];
      }
      if (auto maps = fn->getAttrOfType<DenseI32ArrayAttr>(kTensorMapArgsAttr))
        tensorMapArgs[fn.getSymName()] = maps;
      kernel.getBody().getBlocks().clear();
      kernel.getBody().takeBody(fn.getBody());
      kernel.walk([&](func::ReturnOp ret) {
        OpBuilder rb(ret);
        gpu::ReturnOp::create(rb, ret.getLoc());
        ret.erase();
      });
      fn.erase();
    }

    for (func::FuncOp fn : devices) {
      std::string name = ptxName(fn.getSymName(), symbols);
      if (name != fn.getSymName() &&
          failed(symbols.rename(fn, StringAttr::get(ctx, name))))
        return signalPassFailure();
    }

    // Launches.
    auto ptrType = LLVM::LLVMPointerType::get(ctx);
    unsigned fileCount = 0;
    SmallVector<LaunchOp> launches;
    module.walk([&](LaunchOp op) { launches.push_back(op); });
    for (LaunchOp op : launches) {
      Location loc = op.getLoc();
      OpBuilder lb(op);
      FileLineColLoc flc = fileLineCol(loc);
      Value file = cString(lb, loc, module,
                           flc ? flc.getFilename().getValue() : "<unknown>",
                           fileCount);
      Value line = arith::ConstantOp::create(
          lb, loc, lb.getI32IntegerAttr(flc ? flc.getLine() : 0));
      Value col = arith::ConstantOp::create(
          lb, loc, lb.getI32IntegerAttr(flc ? flc.getColumn() : 0));
      auto site = runtimeFunc(
          module, "neve_gpu_launch_site",
          lb.getFunctionType({ptrType, lb.getI32Type(), lb.getI32Type()}, {}));
      func::CallOp::create(lb, loc, site, ValueRange{file, line, col});
      if (auto it = blockThreads.find(op.getKernel());
          it != blockThreads.end()) {
        auto [threads, where] = it->second;
        Value count = arith::MulIOp::create(
            lb, loc,
            arith::MulIOp::create(lb, loc, op.getBlockX(), op.getBlockY()),
            op.getBlockZ());
        Value wrong = arith::CmpIOp::create(
            lb, loc, arith::CmpIPredicate::ne, count,
            arith::ConstantOp::create(lb, loc, lb.getI32IntegerAttr(threads)));
        auto check = scf::IfOp::create(lb, loc, wrong, false);
        OpBuilder eb = OpBuilder::atBlockBegin(check.thenBlock());
        std::string msg = "the tiled matrix product at " + where + " needs " +
                          std::to_string(threads) + " threads per block (" +
                          std::to_string(threads / 32) +
                          " warps); this launch gives a different block size";
        auto error = runtimeFunc(
            module, "neve_gpu_launch_error",
            eb.getFunctionType(
                {ptrType, eb.getI32Type(), eb.getI32Type(), ptrType}, {}));
        func::CallOp::create(eb, loc, error,
                             ValueRange{file, line, col,
                                        cString(eb, loc, module, msg,
                                                fileCount)});
      }
      // A kernel that declares launch_bounds(T, B) is started with at
      // most T threads per block: the launch says so before the driver
      // refuses it.
      if (int32_t most = launchBounds.lookup(op.getKernel())) {
        Value count = arith::MulIOp::create(
            lb, loc,
            arith::MulIOp::create(lb, loc, op.getBlockX(), op.getBlockY()),
            op.getBlockZ());
        Value wrong = arith::CmpIOp::create(
            lb, loc, arith::CmpIPredicate::sgt, count,
            arith::ConstantOp::create(lb, loc, lb.getI32IntegerAttr(most)));
        auto check = scf::IfOp::create(lb, loc, wrong, false);
        OpBuilder eb = OpBuilder::atBlockBegin(check.thenBlock());
        std::string msg = "kernel '" + op.getKernel().str() +
                          "' declares launch_bounds(" + std::to_string(most) +
                          ", ...): this launch gives more threads per block";
        auto error = runtimeFunc(
            module, "neve_gpu_launch_error",
            eb.getFunctionType(
                {ptrType, eb.getI32Type(), eb.getI32Type(), ptrType}, {}));
        func::CallOp::create(eb, loc, error,
                             ValueRange{file, line, col,
                                        cString(eb, loc, module, msg,
                                                fileCount)});
      }
      // A nil tensor_map has no descriptor to pass: said at the launch.
      if (DenseI32ArrayAttr maps = tensorMapArgs.lookup(op.getKernel()))
        for (int32_t i : maps.asArrayRef()) {
          Value handle = op.getArgs()[i];
          Value null = LLVM::ZeroOp::create(lb, loc, ptrType);
          Value isNil = LLVM::ICmpOp::create(lb, loc, LLVM::ICmpPredicate::eq,
                                             handle, null);
          auto check = scf::IfOp::create(lb, loc, isNil, false);
          OpBuilder eb = OpBuilder::atBlockBegin(check.thenBlock());
          std::string msg = "kernel '" + op.getKernel().str() +
                            "' gets a nil tensor_map as argument " +
                            std::to_string(i + 1);
          auto error = runtimeFunc(
              module, "neve_gpu_launch_error",
              eb.getFunctionType(
                  {ptrType, eb.getI32Type(), eb.getI32Type(), ptrType}, {}));
          func::CallOp::create(eb, loc, error,
                               ValueRange{file, line, col,
                                          cString(eb, loc, module, msg,
                                                  fileCount)});
        }
      Value stream = op.getStream();
      if (!stream) {
        auto get = runtimeFunc(module, "neve_gpu_stream",
                               lb.getFunctionType({}, {ptrType}));
        stream = func::CallOp::create(lb, loc, get).getResult(0);
      }
      auto tokenType = gpu::AsyncTokenType::get(ctx);
      Value token =
          UnrealizedConversionCastOp::create(lb, loc, tokenType, stream)
              .getResult(0);
      auto index = [&](Value v) -> Value {
        return arith::IndexCastOp::create(lb, loc, lb.getIndexType(), v);
      };
      gpu::KernelDim3 grid{index(op.getGridX()), index(op.getGridY()),
                           index(op.getGridZ())};
      gpu::KernelDim3 block{index(op.getBlockX()), index(op.getBlockY()),
                            index(op.getBlockZ())};
      auto kernel = SymbolRefAttr::get(
          ctx, kModuleName,
          {FlatSymbolRefAttr::get(ctx, kernelNames[op.getKernel()])});
      Value smem = op.getSmem();
      if (int64_t need = dynamicSmem.lookup(op.getKernel())) {
        std::optional<int64_t> user = getConstantIntValue(smem);
        if (!user || *user != 0) {
          op.emitError("the kernel keeps its tiled products' staging or "
                       "its smem layouts in ")
              << need << " bytes of dynamic shared memory, which its "
              << "launches provide: give `smem_size` or nothing as the "
              << "launch's shared memory";
          return signalPassFailure();
        }
        smem = arith::ConstantOp::create(lb, loc, lb.getI32IntegerAttr(need));
      }
      auto launch = gpu::LaunchFuncOp::create(lb, loc, kernel, grid, block,
                                              smem, op.getArgs(), tokenType,
                                              ValueRange{token});
      // The host passes the descriptor a tensor_map handle points to
      // (--convert-neve-to-llvm loads it, once the kernel's module is a
      // binary and its signature no longer checked against the operands).
      if (DenseI32ArrayAttr maps = tensorMapArgs.lookup(op.getKernel()))
        launch->setAttr(kTensorMapArgsAttr, maps);
      op.erase();
    }
  }
};

} // namespace
