//===- EmbedKernels.cpp - A cubin and PTX in one embedded object ----------===//
//
// --neve-embed-kernels: after `gpu-module-to-binary{format=isa}` each
// gpu.binary holds one PTX object per NVVM target. The PTX of the chosen
// chip is assembled by ptxas into a cubin, and the objects are replaced by
// one `bin` object: the runtime's NEVEKRN1 container (lib/Runtime/GPU,
// docs/runtime-gpu.md), which the runtime's mgpuModuleLoad opens at the
// first launch, picking the cubin when the device matches and the best PTX
// otherwise.
//
//   header:  char magic[8] = "NEVEKRN1"; uint32 count; uint32 reserved
//   entries: uint32 kind (0 cubin, 1 PTX); uint32 sm; uint64 offset, size
//   payloads (PTX NUL-terminated, the NUL counted in its size)
//
//===----------------------------------------------------------------------===//

#include "neve/Conversion/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

namespace mlir::neve {
#define GEN_PASS_DEF_NEVEEMBEDKERNELSPASS
#include "neve/Conversion/Passes.h.inc"
} // namespace mlir::neve

using namespace mlir;
using namespace mlir::neve;

namespace {

/// ptxas: the option, $NEVE_PTXAS, $CUDA_HOME/bin, /usr/local/cuda/bin, PATH.
std::string findPtxas(StringRef option) {
  if (!option.empty())
    return option.str();
  if (const char *env = std::getenv("NEVE_PTXAS"))
    return env;
  for (const char *var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *root = std::getenv(var)) {
      llvm::SmallString<256> p(root);
      llvm::sys::path::append(p, "bin", "ptxas");
      if (llvm::sys::fs::can_execute(p))
        return std::string(p);
    }
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return "/usr/local/cuda/bin/ptxas";
  if (auto p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  return "";
}

/// "sm_90" -> 90.
unsigned smNumber(StringRef chip) {
  unsigned n = 0;
  chip.consume_front("sm_");
  chip.take_while([](char c) { return isdigit(c); }).getAsInteger(10, n);
  return n;
}

/// Runs ptxas on `ptx` for `chip`; the cubin, or an error message.
FailureOr<std::string> assemble(StringRef ptxas, StringRef ptx, StringRef chip,
                                std::string &error) {
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
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(log),
                                          StringRef(log)};
  std::string msg;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0,
                                     0, &msg);
  auto cleanup = llvm::make_scope_exit([&] {
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

struct EmbedKernelsPass : neve::impl::NeveEmbedKernelsPassBase<EmbedKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<gpu::BinaryOp> binaries(
        getOperation().getOps<gpu::BinaryOp>());
    if (binaries.empty())
      return;
    std::string tool = findPtxas(ptxas);
    for (gpu::BinaryOp bin : binaries)
      if (failed(embed(bin, tool)))
        return signalPassFailure();
  }

  LogicalResult embed(gpu::BinaryOp bin, StringRef tool) {
    SmallVector<Entry> entries;
    Attribute cubinTarget;
    for (Attribute a : bin.getObjectsAttr()) {
      auto object = cast<gpu::ObjectAttr>(a);
      auto target = dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget());
      if (!target || object.getFormat() != gpu::CompilationTarget::Assembly)
        return bin.emitError("expects PTX objects for NVVM targets "
                             "(gpu-module-to-binary{format=isa})");
      std::string ptx = object.getObject().getValue().str();
      if (target.getChip() == chip) {
        if (tool.empty()) {
          bin.emitWarning("ptxas not found (set NEVE_PTXAS or CUDA_HOME): "
                          "kernels are embedded as PTX only and compiled by "
                          "the driver at the first launch");
        } else {
          std::string error;
          FailureOr<std::string> cubin = assemble(tool, ptx, chip, error);
          if (failed(cubin))
            return bin.emitError(error);
          entries.push_back({0, smNumber(chip), std::move(*cubin)});
        }
        cubinTarget = target;
      }
      ptx.push_back('\0');
      entries.push_back({1, smNumber(target.getChip()), std::move(ptx)});
    }
    if (!cubinTarget)
      cubinTarget = cast<gpu::ObjectAttr>(bin.getObjectsAttr()[0]).getTarget();
    auto object = gpu::ObjectAttr::get(
        &getContext(), cubinTarget, gpu::CompilationTarget::Binary,
        StringAttr::get(&getContext(), container(entries)), nullptr, nullptr);
    bin.setObjectsAttr(ArrayAttr::get(&getContext(), {object}));
    return success();
  }
};

} // namespace
