//===- FakeCuda.cpp - A fake CUDA driver for tests --------------*- C++ -*-===//
//
// See FakeCuda.h. Built as a shared library with hidden visibility: the
// only exported symbols are cuGetProcAddress_v2 and fake_cuda_stats, so the
// runtime can reach the driver functions only as it must on a real one.
// Thread-safe (one mutex).
//
//===----------------------------------------------------------------------===//

#include "FakeCuda.h"

#include "CudaApi.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

using namespace neve_cu;

#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

struct Node {
  enum Kind { Launch, Memset32, Memset16, Copy } kind;
  std::string kernel;
  unsigned threads = 0;
  std::vector<std::vector<char>> params;
  CUdeviceptr dst = 0, src = 0;
  size_t count = 0;
  unsigned value = 0;
};

struct FakeStream {
  bool capturing = false;
  std::vector<Node> nodes;
};

struct FakeGraph {
  std::vector<Node> nodes;
};

struct FakeFunction {
  std::string name;
  int maxDynamicSmem = 48 * 1024;
};

struct FakeEvent {
  bool timing = true;
  double time = 0;
};

std::mutex lock;
FakeCudaStats stats;
bool initialised = false;
CUresult sticky = CUDA_SUCCESS;
int capability = 90;
int64_t memLimit = int64_t(1) << 30;
std::string hidden;
std::map<CUdeviceptr, size_t> allocations;
std::map<std::string, FakeFunction *> functions;
double clockMs = 0;
int capturingStreams = 0;

int envInt(const char *name, int fallback) {
  const char *v = std::getenv(name);
  return v && *v ? std::atoi(v) : fallback;
}

/// The parameter sizes of the fake kernels.
std::vector<size_t> paramSizes(const std::string &kernel) {
  if (kernel == "saxpy") // (const float *x, float *y, float a, int n)
    return {8, 8, 4, 4};
  return {};
}

void runKernel(const Node &n) {
  ++stats.launches;
  if (n.kernel == "fault") {
    sticky = CUDA_ERROR_ILLEGAL_ADDRESS;
  } else if (n.kernel == "saxpy") {
    const float *x;
    float *y;
    float a;
    int32_t count;
    std::memcpy(&x, n.params[0].data(), 8);
    std::memcpy(&y, n.params[1].data(), 8);
    std::memcpy(&a, n.params[2].data(), 4);
    std::memcpy(&count, n.params[3].data(), 4);
    for (unsigned i = 0; i < n.threads && static_cast<int32_t>(i) < count; ++i)
      y[i] = a * x[i] + y[i];
  }
}

void run(const Node &n) {
  switch (n.kind) {
  case Node::Launch:
    runKernel(n);
    break;
  case Node::Memset32:
    for (size_t i = 0; i < n.count; ++i)
      std::memcpy(reinterpret_cast<char *>(n.dst) + 4 * i, &n.value, 4);
    break;
  case Node::Memset16: {
    uint16_t v = static_cast<uint16_t>(n.value);
    for (size_t i = 0; i < n.count; ++i)
      std::memcpy(reinterpret_cast<char *>(n.dst) + 2 * i, &v, 2);
    break;
  }
  case Node::Copy:
    std::memmove(reinterpret_cast<void *>(n.dst),
                 reinterpret_cast<const void *>(n.src), n.count);
    break;
  }
}

/// Runs \p n now, or records it when \p s captures.
CUresult submit(CUstream s, Node n) {
  auto *fs = reinterpret_cast<FakeStream *>(s);
  if (fs && fs->capturing) {
    fs->nodes.push_back(std::move(n));
    return CUDA_SUCCESS;
  }
  if (sticky)
    return sticky;
  run(n);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// The driver functions
//===----------------------------------------------------------------------===//

CUresult fInit(unsigned) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.inits;
  CUresult forced = envInt("FAKE_CUDA_INIT_ERROR", 0);
  if (forced)
    return forced;
  capability = envInt("FAKE_CUDA_CC", 90);
  const char *limit = std::getenv("FAKE_CUDA_MEM_LIMIT");
  if (limit && *limit)
    memLimit = std::atoll(limit);
  initialised = true;
  return CUDA_SUCCESS;
}

CUresult fDriverGetVersion(int *v) {
  *v = 12080;
  return CUDA_SUCCESS;
}

const char *errorName(CUresult r, bool text) {
  switch (r) {
  case CUDA_SUCCESS:
    return text ? "no error" : "CUDA_SUCCESS";
  case CUDA_ERROR_INVALID_VALUE:
    return text ? "invalid argument" : "CUDA_ERROR_INVALID_VALUE";
  case CUDA_ERROR_OUT_OF_MEMORY:
    return text ? "out of memory" : "CUDA_ERROR_OUT_OF_MEMORY";
  case CUDA_ERROR_NO_DEVICE:
    return text ? "no CUDA-capable device is detected" : "CUDA_ERROR_NO_DEVICE";
  case CUDA_ERROR_INVALID_IMAGE:
    return text ? "device kernel image is invalid" : "CUDA_ERROR_INVALID_IMAGE";
  case CUDA_ERROR_NOT_FOUND:
    return text ? "named symbol not found" : "CUDA_ERROR_NOT_FOUND";
  case CUDA_ERROR_ILLEGAL_ADDRESS:
    return text ? "an illegal memory access was encountered"
                : "CUDA_ERROR_ILLEGAL_ADDRESS";
  case CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED:
    return text ? "operation not permitted when stream is capturing"
                : "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED";
  default:
    return nullptr;
  }
}

CUresult fGetErrorName(CUresult r, const char **s) {
  *s = errorName(r, false);
  return *s ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult fGetErrorString(CUresult r, const char **s) {
  *s = errorName(r, true);
  return *s ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult fDeviceGetCount(int *n) {
  *n = initialised ? 1 : 0;
  return initialised ? CUDA_SUCCESS : CUDA_ERROR_NOT_INITIALIZED;
}

CUresult fDeviceGet(CUdevice *d, int ordinal) {
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *d = 0;
  return CUDA_SUCCESS;
}

CUresult fDeviceGetAttribute(int *v, int attribute, CUdevice) {
  std::lock_guard<std::mutex> g(lock);
  if (attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
    *v = capability / 10;
  else if (attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
    *v = capability % 10;
  else if (attribute == CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)
    *v = 132; // an H100's or H200's
  else
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult fDeviceGetName(char *name, int len, CUdevice) {
  std::strncpy(name, "Fake GPU", static_cast<size_t>(len));
  return CUDA_SUCCESS;
}

CUresult fPrimaryCtxRetain(CUcontext *c, CUdevice) {
  *c = reinterpret_cast<CUcontext>(uintptr_t(0xc0ffee));
  return CUDA_SUCCESS;
}

CUresult fCtxSetCurrent(CUcontext) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.contextSets;
  return CUDA_SUCCESS;
}

CUresult fCtxSynchronize() {
  std::lock_guard<std::mutex> g(lock);
  ++stats.ctxSyncs;
  if (capturingStreams)
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  return sticky;
}

CUresult fModuleLoadDataEx(CUmodule *m, const void *image, unsigned n,
                           int *options, void **values) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.moduleLoads;
  stats.lastImage = image;
  stats.lastLoadOptions = n;
  const char *p = static_cast<const char *>(image);
  if (std::memcmp(p,
                  "\x7f"
                  "ELF",
                  4) == 0) {
    stats.lastImageKind = 0;
  } else if (std::strstr(p, ".version")) {
    stats.lastImageKind = 1;
  } else {
    for (unsigned i = 0; i + 1 < n; ++i)
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
        std::strcpy(static_cast<char *>(values[i]), "fake: not an image");
    return CUDA_ERROR_INVALID_IMAGE;
  }
  *m = reinterpret_cast<CUmodule>(new int(0));
  return CUDA_SUCCESS;
}

CUresult fModuleUnload(CUmodule m) {
  delete reinterpret_cast<int *>(m);
  return CUDA_SUCCESS;
}

// FAKE_CUDA_TRACE=FILE: one line per launch (kernel, grid, block, dynamic
// shared memory) and per memset ("memset32 COUNT VALUE", "memset16 ..."),
// to count what a program launches and clears without a GPU.
FILE *traceFile() {
  static FILE *trace = [] {
    const char *path = std::getenv("FAKE_CUDA_TRACE");
    return path && *path ? std::fopen(path, "w") : nullptr;
  }();
  return trace;
}

CUresult fModuleGetFunction(CUfunction *f, CUmodule, const char *name) {
  std::lock_guard<std::mutex> g(lock);
  std::string n = name;
  // NEVE_FAKE_CUDA_ANY_KERNEL=1: every kernel exists and does nothing, for
  // tests of a whole program's host side (test/e2e/frost/nvtx-ranges.nv).
  static const bool anyKernel = std::getenv("NEVE_FAKE_CUDA_ANY_KERNEL");
  if (n != "saxpy" && n != "fault" && n != "noop" && !anyKernel)
    return CUDA_ERROR_NOT_FOUND;
  FakeFunction *&fn = functions[n];
  if (!fn)
    fn = new FakeFunction{n};
  *f = reinterpret_cast<CUfunction>(fn);
  return CUDA_SUCCESS;
}

CUresult fFuncSetAttribute(CUfunction f, int attribute, int value) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.setAttributeCalls;
  stats.lastAttributeValue = value;
  if (attribute != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES ||
      value > 227 * 1024)
    return CUDA_ERROR_INVALID_VALUE;
  reinterpret_cast<FakeFunction *>(f)->maxDynamicSmem = value;
  return CUDA_SUCCESS;
}

CUresult fLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                       unsigned bx, unsigned by, unsigned bz, unsigned smem,
                       CUstream s, void **params, void **) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.launchCalls;
  stats.lastGrid[0] = gx;
  stats.lastGrid[1] = gy;
  stats.lastGrid[2] = gz;
  stats.lastBlock[0] = bx;
  stats.lastBlock[1] = by;
  stats.lastBlock[2] = bz;
  stats.lastSmem = smem;
  if (sticky)
    return sticky;
  auto *fn = reinterpret_cast<FakeFunction *>(f);
  if (FILE *trace = traceFile())
    std::fprintf(trace, "%s %u %u %u %u %u %u %u\n", fn->name.c_str(), gx, gy,
                 gz, bx, by, bz, smem);
  if (uint64_t(bx) * by * bz > 1024 ||
      static_cast<int>(smem) > fn->maxDynamicSmem)
    return CUDA_ERROR_INVALID_VALUE;
  Node n;
  n.kind = Node::Launch;
  n.kernel = fn->name;
  n.threads = gx * gy * gz * bx * by * bz;
  std::vector<size_t> sizes = paramSizes(fn->name);
  for (size_t i = 0; i < sizes.size(); ++i)
    n.params.emplace_back(static_cast<char *>(params[i]),
                          static_cast<char *>(params[i]) + sizes[i]);
  return submit(s, std::move(n));
}

CUresult fStreamCreate(CUstream *s, unsigned) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.streamsCreated;
  *s = reinterpret_cast<CUstream>(new FakeStream());
  return CUDA_SUCCESS;
}

CUresult fStreamDestroy(CUstream s) {
  std::lock_guard<std::mutex> g(lock);
  delete reinterpret_cast<FakeStream *>(s);
  return CUDA_SUCCESS;
}

CUresult fStreamSynchronize(CUstream s) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.streamSyncs;
  if (s && reinterpret_cast<FakeStream *>(s)->capturing)
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  return sticky;
}

CUresult fStreamWaitEvent(CUstream, CUevent, unsigned) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.streamWaits;
  return CUDA_SUCCESS;
}

CUresult fStreamIsCapturing(CUstream s, int *status) {
  std::lock_guard<std::mutex> g(lock);
  *status = s && reinterpret_cast<FakeStream *>(s)->capturing
                ? CU_STREAM_CAPTURE_STATUS_ACTIVE
                : CU_STREAM_CAPTURE_STATUS_NONE;
  return CUDA_SUCCESS;
}

CUresult fStreamBeginCapture(CUstream s, int mode) {
  std::lock_guard<std::mutex> g(lock);
  auto *fs = reinterpret_cast<FakeStream *>(s);
  if (!fs || fs->capturing)
    return CUDA_ERROR_INVALID_VALUE;
  fs->capturing = true;
  fs->nodes.clear();
  ++capturingStreams;
  ++stats.captures;
  stats.lastCaptureMode = mode;
  return CUDA_SUCCESS;
}

CUresult fStreamEndCapture(CUstream s, CUgraph *graph) {
  std::lock_guard<std::mutex> g(lock);
  auto *fs = reinterpret_cast<FakeStream *>(s);
  if (!fs || !fs->capturing)
    return CUDA_ERROR_INVALID_VALUE;
  fs->capturing = false;
  --capturingStreams;
  *graph = reinterpret_cast<CUgraph>(new FakeGraph{std::move(fs->nodes)});
  fs->nodes.clear();
  return CUDA_SUCCESS;
}

CUresult fGraphInstantiate(CUgraphExec *exec, CUgraph graph,
                           unsigned long long) {
  std::lock_guard<std::mutex> g(lock);
  *exec = reinterpret_cast<CUgraphExec>(
      new FakeGraph{reinterpret_cast<FakeGraph *>(graph)->nodes});
  return CUDA_SUCCESS;
}

CUresult fGraphLaunch(CUgraphExec exec, CUstream) {
  std::lock_guard<std::mutex> g(lock);
  if (sticky)
    return sticky;
  ++stats.graphLaunches;
  for (const Node &n : reinterpret_cast<FakeGraph *>(exec)->nodes)
    run(n);
  return CUDA_SUCCESS;
}

CUresult fGraphExecDestroy(CUgraphExec exec) {
  delete reinterpret_cast<FakeGraph *>(exec);
  return CUDA_SUCCESS;
}

CUresult fGraphDestroy(CUgraph graph) {
  delete reinterpret_cast<FakeGraph *>(graph);
  return CUDA_SUCCESS;
}

CUresult fEventCreate(CUevent *e, unsigned flags) {
  *e = reinterpret_cast<CUevent>(
      new FakeEvent{(flags & CU_EVENT_DISABLE_TIMING) == 0, 0});
  return CUDA_SUCCESS;
}

CUresult fEventDestroy(CUevent e) {
  delete reinterpret_cast<FakeEvent *>(e);
  return CUDA_SUCCESS;
}

CUresult fEventRecord(CUevent e, CUstream) {
  std::lock_guard<std::mutex> g(lock);
  clockMs += 1.25;
  reinterpret_cast<FakeEvent *>(e)->time = clockMs;
  return CUDA_SUCCESS;
}

CUresult fEventSynchronize(CUevent) {
  std::lock_guard<std::mutex> g(lock);
  return sticky;
}

CUresult fEventElapsedTime(float *ms, CUevent start, CUevent end) {
  auto *a = reinterpret_cast<FakeEvent *>(start);
  auto *b = reinterpret_cast<FakeEvent *>(end);
  if (!a->timing || !b->timing)
    return CUDA_ERROR_INVALID_VALUE;
  *ms = static_cast<float>(b->time - a->time);
  return CUDA_SUCCESS;
}

CUresult fMemAlloc(CUdeviceptr *p, size_t bytes) {
  std::lock_guard<std::mutex> g(lock);
  if (sticky)
    return sticky;
  if (stats.deviceBytes + static_cast<int64_t>(bytes) > memLimit)
    return CUDA_ERROR_OUT_OF_MEMORY;
  // Like cuMemAlloc: 256-byte aligned, not zeroed.
  void *m = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  std::memset(m, 0xa5, bytes);
  *p = reinterpret_cast<CUdeviceptr>(m);
  allocations[*p] = bytes;
  stats.deviceBytes += static_cast<int64_t>(bytes);
  ++stats.allocs;
  return CUDA_SUCCESS;
}

CUresult fMemAllocManaged(CUdeviceptr *p, size_t bytes, unsigned) {
  return fMemAlloc(p, bytes);
}

CUresult fMemFree(CUdeviceptr p) {
  std::lock_guard<std::mutex> g(lock);
  if (capturingStreams)
    return CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED;
  auto it = allocations.find(p);
  if (it == allocations.end())
    return CUDA_ERROR_INVALID_VALUE;
  stats.deviceBytes -= static_cast<int64_t>(it->second);
  allocations.erase(it);
  std::free(reinterpret_cast<void *>(p));
  ++stats.frees;
  return sticky;
}

CUresult fMemGetInfo(size_t *free, size_t *total) {
  std::lock_guard<std::mutex> g(lock);
  *free = static_cast<size_t>(memLimit - stats.deviceBytes);
  *total = static_cast<size_t>(memLimit);
  return CUDA_SUCCESS;
}

CUresult fMemHostAlloc(void **p, size_t bytes, unsigned) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.hostAllocs;
  *p = std::malloc(bytes);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}

CUresult fMemFreeHost(void *p) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.hostFrees;
  std::free(p);
  return CUDA_SUCCESS;
}

/// A copy in either direction; captured like any other work (the driver
/// captures copies from pageable host memory too, reading it at replay).
CUresult copy(CUdeviceptr dst, CUdeviceptr src, size_t bytes, CUstream s) {
  std::lock_guard<std::mutex> g(lock);
  Node n;
  n.kind = Node::Copy;
  n.dst = dst;
  n.src = src;
  n.count = bytes;
  return submit(s, std::move(n));
}

CUresult fMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                      CUstream s) {
  return copy(dst, src, bytes, s);
}

CUresult fMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t bytes,
                          CUstream s) {
  return copy(dst, reinterpret_cast<CUdeviceptr>(src), bytes, s);
}

CUresult fMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t bytes,
                          CUstream s) {
  return copy(reinterpret_cast<CUdeviceptr>(dst), src, bytes, s);
}

CUresult fMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count,
                         CUstream s) {
  std::lock_guard<std::mutex> g(lock);
  if (FILE *trace = traceFile())
    std::fprintf(trace, "memset32 %zu %u\n", count, value);
  Node n;
  n.kind = Node::Memset32;
  n.dst = dst;
  n.count = count;
  n.value = value;
  return submit(s, std::move(n));
}

CUresult fMemsetD16Async(CUdeviceptr dst, unsigned short value, size_t count,
                         CUstream s) {
  std::lock_guard<std::mutex> g(lock);
  if (FILE *trace = traceFile())
    std::fprintf(trace, "memset16 %zu %u\n", count, unsigned(value));
  Node n;
  n.kind = Node::Memset16;
  n.dst = dst;
  n.count = count;
  n.value = value;
  return submit(s, std::move(n));
}

/// Writes the arguments into the descriptor (so tests can read them back)
/// and counts the call; refuses what the real driver refuses first.
CUresult fTensorMapEncodeTiled(TensorMap *map, int type, uint32_t rank,
                               void *address, const cuuint64_t *dims,
                               const cuuint64_t *strides, const uint32_t *box,
                               const uint32_t *elementStrides, int interleave,
                               int swizzle, int l2, int oob) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.tensorMapEncodes;
  if (!map || rank < 1 || rank > 5 ||
      reinterpret_cast<uintptr_t>(map) % 64 != 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::memset(map, 0, sizeof *map);
  map->opaque[0] = reinterpret_cast<uintptr_t>(address);
  map->opaque[1] = uint64_t(type) | uint64_t(rank) << 8 |
                   uint64_t(swizzle) << 16 | uint64_t(interleave) << 24 |
                   uint64_t(l2) << 32 | uint64_t(oob) << 40;
  for (uint32_t i = 0; i < rank; ++i) {
    map->opaque[2 + i] = dims[i];
    map->opaque[7 + i] = box[i] | uint64_t(elementStrides[i]) << 32;
    if (i + 1 < rank)
      map->opaque[12 + i] = strides[i];
  }
  return CUDA_SUCCESS;
}

struct Symbol {
  const char *name;
  void *fn;
};

const Symbol symbols[] = {
    {"cuInit", reinterpret_cast<void *>(fInit)},
    {"cuDriverGetVersion", reinterpret_cast<void *>(fDriverGetVersion)},
    {"cuGetErrorName", reinterpret_cast<void *>(fGetErrorName)},
    {"cuGetErrorString", reinterpret_cast<void *>(fGetErrorString)},
    {"cuDeviceGetCount", reinterpret_cast<void *>(fDeviceGetCount)},
    {"cuDeviceGet", reinterpret_cast<void *>(fDeviceGet)},
    {"cuDeviceGetAttribute", reinterpret_cast<void *>(fDeviceGetAttribute)},
    {"cuDeviceGetName", reinterpret_cast<void *>(fDeviceGetName)},
    {"cuDevicePrimaryCtxRetain", reinterpret_cast<void *>(fPrimaryCtxRetain)},
    {"cuCtxSetCurrent", reinterpret_cast<void *>(fCtxSetCurrent)},
    {"cuCtxSynchronize", reinterpret_cast<void *>(fCtxSynchronize)},
    {"cuModuleLoadDataEx", reinterpret_cast<void *>(fModuleLoadDataEx)},
    {"cuModuleUnload", reinterpret_cast<void *>(fModuleUnload)},
    {"cuModuleGetFunction", reinterpret_cast<void *>(fModuleGetFunction)},
    {"cuFuncSetAttribute", reinterpret_cast<void *>(fFuncSetAttribute)},
    {"cuLaunchKernel", reinterpret_cast<void *>(fLaunchKernel)},
    {"cuStreamCreate", reinterpret_cast<void *>(fStreamCreate)},
    {"cuStreamDestroy", reinterpret_cast<void *>(fStreamDestroy)},
    {"cuStreamSynchronize", reinterpret_cast<void *>(fStreamSynchronize)},
    {"cuStreamWaitEvent", reinterpret_cast<void *>(fStreamWaitEvent)},
    {"cuStreamIsCapturing", reinterpret_cast<void *>(fStreamIsCapturing)},
    {"cuStreamBeginCapture", reinterpret_cast<void *>(fStreamBeginCapture)},
    {"cuStreamEndCapture", reinterpret_cast<void *>(fStreamEndCapture)},
    {"cuGraphInstantiateWithFlags",
     reinterpret_cast<void *>(fGraphInstantiate)},
    {"cuGraphLaunch", reinterpret_cast<void *>(fGraphLaunch)},
    {"cuGraphExecDestroy", reinterpret_cast<void *>(fGraphExecDestroy)},
    {"cuGraphDestroy", reinterpret_cast<void *>(fGraphDestroy)},
    {"cuEventCreate", reinterpret_cast<void *>(fEventCreate)},
    {"cuEventDestroy", reinterpret_cast<void *>(fEventDestroy)},
    {"cuEventRecord", reinterpret_cast<void *>(fEventRecord)},
    {"cuEventSynchronize", reinterpret_cast<void *>(fEventSynchronize)},
    {"cuEventElapsedTime", reinterpret_cast<void *>(fEventElapsedTime)},
    {"cuMemAlloc", reinterpret_cast<void *>(fMemAlloc)},
    {"cuMemAllocManaged", reinterpret_cast<void *>(fMemAllocManaged)},
    {"cuMemFree", reinterpret_cast<void *>(fMemFree)},
    {"cuMemGetInfo", reinterpret_cast<void *>(fMemGetInfo)},
    {"cuMemHostAlloc", reinterpret_cast<void *>(fMemHostAlloc)},
    {"cuMemFreeHost", reinterpret_cast<void *>(fMemFreeHost)},
    {"cuMemcpyAsync", reinterpret_cast<void *>(fMemcpyAsync)},
    {"cuMemcpyHtoDAsync", reinterpret_cast<void *>(fMemcpyHtoDAsync)},
    {"cuMemcpyDtoHAsync", reinterpret_cast<void *>(fMemcpyDtoHAsync)},
    {"cuMemsetD32Async", reinterpret_cast<void *>(fMemsetD32Async)},
    {"cuMemsetD16Async", reinterpret_cast<void *>(fMemsetD16Async)},
    {"cuTensorMapEncodeTiled", reinterpret_cast<void *>(fTensorMapEncodeTiled)},
};

bool suffixed(const std::string &name) {
  size_t v = name.rfind("_v");
  return v != std::string::npos && v + 2 < name.size() &&
         name.find_first_not_of("0123456789", v + 2) == std::string::npos;
}

} // namespace

FAKE_EXPORT CUresult cuGetProcAddress_v2(const char *symbol, void **pfn,
                                         int cudaVersion, cuuint64_t flags,
                                         int *status) {
  std::lock_guard<std::mutex> g(lock);
  ++stats.procRequests;
  if (cudaVersion != 12000)
    ++stats.procRequestsNot12000;
  std::string name = symbol;
  if (suffixed(name))
    ++stats.procRequestsSuffixed;
  const char *hide = std::getenv("FAKE_CUDA_HIDE");
  *pfn = nullptr;
  if (flags == CU_GET_PROC_ADDRESS_DEFAULT && !(hide && name == hide))
    for (const Symbol &s : symbols)
      if (name == s.name)
        *pfn = s.fn;
  if (status)
    *status = *pfn ? CU_GET_PROC_ADDRESS_SUCCESS
                   : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  return *pfn ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}

FAKE_EXPORT void fake_cuda_stats(FakeCudaStats *out) {
  std::lock_guard<std::mutex> g(lock);
  *out = stats;
}
