//===- KernelObjects.cpp - Kernels as the runtime loads them --------------===//
//
// ptxas and the NEVEKRN1 container:
//
//   header:  char magic[8] = "NEVEKRN1"; uint32 count; uint32 reserved
//   entries: uint32 kind (0 cubin, 1 PTX); uint32 sm; uint64 offset, size
//   payloads (PTX NUL-terminated, the NUL counted in its size)
//
//===----------------------------------------------------------------------===//

#include "KernelObjects.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>
#include <cstring>

using namespace mlir;
using namespace mlir::neve;

/// "sm_90" -> 90.
unsigned kernels::smNumber(StringRef chip) {
  unsigned n = 0;
  chip.consume_front("sm_");
  chip.take_while([](char c) { return isdigit(c); }).getAsInteger(10, n);
  return n;
}

bool kernels::isArchSpecific(Operation *op) {
  StringRef name = op->getName().getStringRef();
  return name.starts_with("nvvm.wgmma.") || name == "nvvm.setmaxregister";
}

uint32_t kernels::containerSm(StringRef chip) {
  return smNumber(chip) | (chip.ends_with("a") ? kArchSpecificSm : 0);
}

namespace {

/// Runs ptxas on `ptx` for `chip`; the cubin, or an error message.
FailureOr<std::string> assemble(StringRef ptxas, StringRef ptx, StringRef chip,
                                std::string &error, bool lineInfo) {
  llvm::SmallString<128> in, out, log;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("neve-kernels", "ptx", fd, in) ||
      llvm::sys::fs::createTemporaryFile("neve-kernels", "cubin", out) ||
      llvm::sys::fs::createTemporaryFile("neve-ptxas", "log", log)) {
    error = "cannot create temporary files for ptxas";
    return failure();
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << ptx;
  }
  std::string arch = ("-arch=" + chip).str();
  std::string outPath(out);
  llvm::SmallVector<StringRef> args = {ptxas, arch, "-O3", in, "-o", outPath};
  if (lineInfo)
    args.push_back("-lineinfo");
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string msg;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0,
                                     0, &msg);
  llvm::scope_exit cleanup([&] {
    llvm::sys::fs::remove(in);
    llvm::sys::fs::remove(out);
    llvm::sys::fs::remove(log);
  });
  if (rc != 0) {
    auto logText = llvm::MemoryBuffer::getFile(log);
    error = "ptxas failed" + (msg.empty() ? "" : ": " + msg) +
            (logText ? "\n" + (*logText)->getBuffer().str() : "");
    return failure();
  }
  auto cubin = llvm::MemoryBuffer::getFile(out, /*IsText=*/false);
  if (!cubin) {
    error = "ptxas wrote no cubin";
    return failure();
  }
  return (*cubin)->getBuffer().str();
}

struct Entry {
  uint32_t kind, sm;
  std::string bytes;
};

template <typename T> void put(std::string &out, T v) {
  out.append(reinterpret_cast<const char *>(&v), sizeof(T));
}

std::string container(ArrayRef<Entry> entries) {
  std::string out = "NEVEKRN1";
  put<uint32_t>(out, entries.size());
  put<uint32_t>(out, 0);
  uint64_t offset = 16 + 24 * entries.size();
  for (const Entry &e : entries) {
    put<uint32_t>(out, e.kind);
    put<uint32_t>(out, e.sm);
    put<uint64_t>(out, offset);
    put<uint64_t>(out, e.bytes.size());
    offset += e.bytes.size();
  }
  for (const Entry &e : entries)
    out += e.bytes;
  return out;
}

} // namespace

std::string kernels::pack(ArrayRef<TargetPtx> ptx, StringRef chip,
                          StringRef ptxas, std::string &error, bool lineInfo) {
  SmallVector<Entry> entries;
  for (const auto &[target, text] : ptx) {
    if (target.getChip() == chip && !ptxas.empty()) {
      FailureOr<std::string> cubin =
          assemble(ptxas, text, chip, error, lineInfo);
      if (failed(cubin))
        return "";
      entries.push_back({0, containerSm(chip), std::move(*cubin)});
    }
    std::string withNul = text;
    withNul.push_back('\0');
    entries.push_back({1, containerSm(target.getChip()), std::move(withNul)});
  }
  return container(entries);
}

/// The entries of a container made by container(); false when \p bytes is
/// not one.
static bool readContainer(StringRef bytes, SmallVectorImpl<Entry> &entries) {
  if (bytes.size() < 16 || !bytes.starts_with("NEVEKRN1"))
    return false;
  auto u32 = [&](size_t at) {
    uint32_t v;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
  };
  auto u64 = [&](size_t at) {
    uint64_t v;
    std::memcpy(&v, bytes.data() + at, 8);
    return v;
  };
  uint64_t count = u32(8);
  if (16 + 24 * count > bytes.size())
    return false;
  for (uint64_t i = 0; i < count; ++i) {
    size_t at = 16 + 24 * i;
    uint64_t offset = u64(at + 8), size = u64(at + 16);
    if (offset > bytes.size() || size > bytes.size() - offset)
      return false;
    entries.push_back({u32(at), u32(at + 4), bytes.substr(offset, size).str()});
  }
  return true;
}

std::string kernels::mergeContainers(StringRef base, StringRef variant) {
  SmallVector<Entry> entries;
  if (!readContainer(variant, entries) || !readContainer(base, entries))
    return "";
  return container(entries);
}

/// The kernel functions of a module, before or after the lowering.
static SmallVector<Operation *> kernelOps(gpu::GPUModuleOp module) {
  SmallVector<Operation *> ops;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto fn = dyn_cast<gpu::GPUFuncOp>(op); fn && fn.isKernel())
      ops.push_back(fn);
    else if (isa<LLVM::LLVMFuncOp>(op) &&
             op.hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      ops.push_back(&op);
  }
  return ops;
}

std::string kernels::kernelNames(gpu::GPUModuleOp module) {
  SmallVector<StringRef> names;
  for (Operation *op : kernelOps(module))
    names.push_back(SymbolTable::getSymbolName(op).getValue());
  return names.empty() ? module.getName().str() : llvm::join(names, ", ");
}

Location kernels::kernelLoc(gpu::GPUModuleOp module) {
  SmallVector<Operation *> ops = kernelOps(module);
  return ops.empty() ? module.getLoc() : ops.front()->getLoc();
}

Attribute kernels::binaryTarget(gpu::GPUModuleOp module, StringRef chip) {
  ArrayAttr targets = module.getTargetsAttr();
  for (Attribute t : targets)
    if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t);
        nvvm && nvvm.getChip() == chip)
      return t;
  return targets[0];
}

void kernels::replaceByBinary(gpu::GPUModuleOp module, StringRef container,
                              Attribute target) {
  MLIRContext *ctx = module.getContext();
  auto object = gpu::ObjectAttr::get(ctx, target,
                                     gpu::CompilationTarget::Binary,
                                     StringAttr::get(ctx, container), nullptr,
                                     nullptr);
  OpBuilder b(module);
  gpu::BinaryOp::create(b, module.getLoc(), module.getName(),
                        module.getOffloadingHandlerAttr(),
                        b.getArrayAttr({object}));
  module.erase();
}

std::string kernels::cachePayload(Attribute target, StringRef container) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << target << '\n' << container;
  return text;
}

std::pair<Attribute, StringRef>
kernels::parseCachePayload(MLIRContext *ctx, StringRef payload) {
  auto [text, container] = payload.split('\n');
  Attribute target = parseAttribute(text, ctx);
  if (!isa_and_nonnull<NVVM::NVVMTargetAttr>(target) ||
      !container.starts_with("NEVEKRN1"))
    return {Attribute(), ""};
  return {target, container};
}
