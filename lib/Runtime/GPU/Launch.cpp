//===- Launch.cpp - Kernel modules and launches (mgpu*) ---------*- C++ -*-===//
//
// The module and launch entry points that upstream MLIR's gpu-to-llvm and
// the #gpu.select_object translation emit, over the dlopen'd driver
// (Debian's MLIR ships no CUDA wrapper library):
//
//   ptr  mgpuModuleLoad(ptr data, i64 size)      (global constructor)
//   ptr  mgpuModuleLoadJIT(ptr data, i32 optLevel)
//   void mgpuModuleUnload(ptr module)            (global destructor)
//   ptr  mgpuModuleGetFunction(ptr module, ptr name)   (before every launch)
//   void mgpuLaunchKernel(ptr fn, i64 gx, gy, gz, bx, by, bz, i32 smem,
//                         ptr stream, ptr params, ptr extra, i64 nparams)
//
// Loading is lazy: generated code calls mgpuModuleLoad from a global
// constructor, before main, in every program that contains a kernel, also
// on machines without a GPU. So mgpuModuleLoad only records the data in a
// module record; the first mgpuModuleGetFunction loads it (once, thread-
// safe) after picking the image from the NEVEKRN1 container
// (KernelContainer.h). Function handles are the runtime's own records
// (kernel name, CUfunction, the dynamic shared memory allowed so far),
// cached per module in a list that is searched without a lock (by the name
// pointer, which generated code passes as a constant) and extended under
// one. Records are never freed.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "KernelContainer.h"

#include "neve/Runtime/neve_runtime.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace neve_gpu;

namespace {

constexpr uint64_t kModuleMagic = 0x4e4556454d4f4431ull;   // "NEVEMOD1"
constexpr uint64_t kFunctionMagic = 0x4e455645464e4331ull; // "NEVEFNC1"
constexpr int32_t kDefaultDynamicSmem = 48 * 1024;

struct FunctionRecord {
  uint64_t magic = kFunctionMagic;
  CUfunction fn = nullptr;
  const char *namePtr = nullptr; ///< as the caller passed it (lookup key)
  char *name = nullptr;          ///< own copy, for messages
  /// Dynamic shared memory bytes the function may use without (another)
  /// cuFuncSetAttribute.
  std::atomic<int32_t> dynamicSmem{kDefaultDynamicSmem};
  FunctionRecord *next = nullptr;
};

struct ModuleRecord {
  uint64_t magic = kModuleMagic;
  const void *data = nullptr;
  uint64_t size = kUnknownSize;
  bool jit = false;
  int optLevel = 4;
  std::once_flag loadOnce;
  std::atomic<bool> loaded{false};
  std::atomic<bool> unloaded{false};
  CUmodule module = nullptr;
  /// What was loaded ("cubin sm_90a (entry 0 of the kernel container)").
  std::string image;
  std::mutex lock;
  std::atomic<FunctionRecord *> functions{nullptr};
  ModuleRecord *nextModule = nullptr;
};

/// Every module record, never freed (generated code keeps its module in a
/// global; the list keeps the others reachable too).
std::atomic<ModuleRecord *> allModules{nullptr};

ModuleRecord *newModule(const void *data, uint64_t size, bool jit,
                        int optLevel) {
  auto *m = new ModuleRecord();
  m->data = data;
  m->size = size;
  m->jit = jit;
  m->optLevel = optLevel;
  m->nextModule = allModules.load(std::memory_order_relaxed);
  while (!allModules.compare_exchange_weak(
      m->nextModule, m, std::memory_order_release, std::memory_order_relaxed))
    ;
  return m;
}

ModuleRecord *asModule(void *p, const char *what) {
  auto *m = static_cast<ModuleRecord *>(p);
  if (!m || m->magic != kModuleMagic)
    fatal(errorSite(), std::string(what) + ": not a GPU module handle");
  return m;
}

bool forcePtx() {
  const char *env = std::getenv("NEVE_GPU_FORCE_PTX");
  return env && *env && std::strcmp(env, "0") != 0;
}

/// NEVE_GPU_ARCH_SPECIFIC=0: leave out the sm_90a kernels (the ones
/// every GPU runs, on Hopper too).
bool archSpecific() {
  const char *env = std::getenv("NEVE_GPU_ARCH_SPECIFIC");
  return !env || std::strcmp(env, "0") != 0;
}

} // namespace

extern "C" int32_t neve_gpu_sm90a_usable(void) {
  return deviceCapability() == 90 && archSpecific() && !forcePtx();
}

namespace {

std::string imageText(const KernelImage &image) {
  if (!image.container)
    return "a raw kernel image";
  return std::string(image.kind == kKindCubin ? "cubin" : "PTX") + " " +
         containerSmName(image.sm) + " (entry " + std::to_string(image.entry) +
         " of the kernel container)";
}

void load(ModuleRecord *m) {
  if (m->unloaded.load())
    fatal(errorSite(), "a GPU module was used after mgpuModuleUnload");
  const DriverApi &d = api();
  int capability = deviceCapability();
  PickResult pick = pickKernelImage(m->data, m->size, capability, forcePtx(),
                                    archSpecific());
  if (!pick.ok)
    fatal(errorSite(), "cannot load the program's GPU kernels: " + pick.error);
  const KernelImage &image = pick.image;

  // The driver reads an ELF image in place: give it an aligned copy when
  // the container's payload is not 16-byte aligned.
  const void *data = image.data;
  void *copy = nullptr;
  if (image.container && image.kind == kKindCubin &&
      reinterpret_cast<uintptr_t>(data) % 16 != 0) {
    size_t bytes = (image.size + 15) / 16 * 16;
    copy = std::aligned_alloc(16, bytes);
    if (!copy)
      fatal(errorSite(), "out of host memory copying a cubin");
    std::memcpy(copy, data, image.size);
    data = copy;
  }

  static thread_local char errorLog[8192];
  errorLog[0] = '\0';
  int options[3] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                    CU_JIT_OPTIMIZATION_LEVEL};
  void *values[3] = {
      errorLog, reinterpret_cast<void *>(sizeof(errorLog)),
      reinterpret_cast<void *>(static_cast<intptr_t>(m->optLevel))};
  unsigned count = m->jit ? 3 : 2;
  CUresult r = d.cuModuleLoadDataEx(&m->module, data, count, options, values);
  std::free(copy);
  if (r != CUDA_SUCCESS) {
    std::string message = "loading the GPU kernels (" + imageText(image) +
                          ", device sm_" + std::to_string(capability) +
                          ") failed: " + errorText(r);
    errorLog[sizeof(errorLog) - 1] = '\0';
    if (errorLog[0])
      message += "\n" + std::string(errorLog);
    fatal(errorSite(), message);
  }
  m->image = imageText(image);
  m->loaded.store(true, std::memory_order_release);
}

/// NEVE_GPU_VERBOSE=1: each kernel says, at its first launch, which image
/// of the program's container it runs (docs/runtime-gpu.md).
bool verbose() {
  static const bool on = [] {
    const char *env = std::getenv("NEVE_GPU_VERBOSE");
    return env && *env && std::strcmp(env, "0") != 0;
  }();
  return on;
}

FunctionRecord *find(FunctionRecord *head, const char *name, bool byContent) {
  for (FunctionRecord *f = head; f; f = f->next)
    if (f->namePtr == name || (byContent && std::strcmp(f->name, name) == 0))
      return f;
  return nullptr;
}

FunctionRecord *asFunction(void *p, Site site) {
  auto *f = static_cast<FunctionRecord *>(p);
  if (!f || f->magic != kFunctionMagic)
    fatal(site.file ? site : errorSite(),
          "launching a kernel failed: not a kernel handle from "
          "mgpuModuleGetFunction");
  return f;
}

} // namespace

extern "C" void *mgpuModuleLoad(void *data, int64_t size) {
  return newModule(data, size > 0 ? static_cast<uint64_t>(size) : kUnknownSize,
                   false, 4);
}

extern "C" void *mgpuModuleLoadJIT(void *data, int32_t optLevel) {
  return newModule(data, kUnknownSize, true,
                   optLevel < 0   ? 0
                   : optLevel > 4 ? 4
                                  : optLevel);
}

extern "C" void mgpuModuleUnload(void *module) {
  if (!module)
    return;
  ModuleRecord *m = asModule(module, "mgpuModuleUnload");
  if (m->unloaded.exchange(true))
    return;
  // At exit the process's end frees the module; the driver may already be
  // shutting down, so it is left alone.
  if (m->loaded.load(std::memory_order_acquire) && !exiting())
    api().cuModuleUnload(m->module);
}

extern "C" void *mgpuModuleGetFunction(void *module, const char *name) {
  ModuleRecord *m = asModule(module, "mgpuModuleGetFunction");
  if (!name)
    fatal(errorSite(), "mgpuModuleGetFunction: no kernel name");
  if (!m->loaded.load(std::memory_order_acquire))
    std::call_once(m->loadOnce, load, m);
  if (m->unloaded.load(std::memory_order_relaxed))
    fatal(errorSite(), "a GPU module was used after mgpuModuleUnload");
  if (FunctionRecord *f =
          find(m->functions.load(std::memory_order_acquire), name, false))
    return f;
  std::lock_guard<std::mutex> guard(m->lock);
  if (FunctionRecord *f =
          find(m->functions.load(std::memory_order_relaxed), name, true))
    return f;
  CUfunction fn = nullptr;
  CUresult r = api().cuModuleGetFunction(&fn, m->module, name);
  if (r != CUDA_SUCCESS)
    fatal(errorSite(), "the program's GPU module has no kernel '" +
                           std::string(name) + "': " + errorText(r));
  auto *f = new FunctionRecord();
  f->fn = fn;
  f->namePtr = name;
  f->name = strdup(name);
  f->next = m->functions.load(std::memory_order_relaxed);
  m->functions.store(f, std::memory_order_release);
  if (verbose())
    std::fprintf(stderr, "neve gpu: kernel %s: %s\n", name, m->image.c_str());
  return f;
}

extern "C" void mgpuLaunchKernel(void *function, int64_t gridX, int64_t gridY,
                                 int64_t gridZ, int64_t blockX, int64_t blockY,
                                 int64_t blockZ, int32_t smem, void *stream,
                                 void **params, void **extra,
                                 int64_t paramsCount) {
  (void)paramsCount;
  Site site = takeLaunchSite();
  FunctionRecord *f = asFunction(function, site);
  Site where = site.file ? site : errorSite();
  std::string prefix = "launching kernel '" + std::string(f->name) + "'";
  // §6.7: a dimension <= 0 means nothing is launched.
  if (gridX <= 0 || gridY <= 0 || gridZ <= 0 || blockX <= 0 || blockY <= 0 ||
      blockZ <= 0)
    return;
  const int64_t dims[6] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  for (int64_t dim : dims)
    if (dim > 0xffffffffll)
      fatal(where, prefix + " failed: dimension " + std::to_string(dim) +
                       " is too large");
  if (smem < 0)
    fatal(where, prefix + " failed: negative dynamic shared memory (" +
                     std::to_string(smem) + " bytes)");

  const DriverApi &d = api();
  CUstream s = stream ? static_cast<CUstream>(stream) : threadStream();
  if (smem > f->dynamicSmem.load(std::memory_order_relaxed)) {
    CUresult r = d.cuFuncSetAttribute(
        f->fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem);
    if (r != CUDA_SUCCESS)
      fatal(where, prefix + " failed: allowing " + std::to_string(smem) +
                       " bytes of dynamic shared memory: " + errorText(r));
    int32_t seen = f->dynamicSmem.load(std::memory_order_relaxed);
    while (seen < smem && !f->dynamicSmem.compare_exchange_weak(seen, smem))
      ;
  }
  CUresult r = d.cuLaunchKernel(
      f->fn, static_cast<unsigned>(gridX), static_cast<unsigned>(gridY),
      static_cast<unsigned>(gridZ), static_cast<unsigned>(blockX),
      static_cast<unsigned>(blockY), static_cast<unsigned>(blockZ),
      static_cast<unsigned>(smem), s, params, extra);
  if (r != CUDA_SUCCESS) {
    std::string message = prefix + " failed: " + errorText(r);
    Site previousSite;
    if (isKernelFault(r)) {
      if (const char *previous = lastLaunch(&previousSite))
        message += " (an earlier kernel failed; the last one this thread "
                   "launched was '" +
                   std::string(previous) + "' at " + siteText(previousSite) +
                   ")";
    }
    fatal(where, message);
  }
  noteLaunch(f->name, site);
}
