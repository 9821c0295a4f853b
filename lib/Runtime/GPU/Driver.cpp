//===- Driver.cpp - Loading the CUDA driver at run time ---------*- C++ -*-===//
//
// See Driver.h. The driver library is opened with dlopen and only
// cuGetProcAddress is looked up with dlsym ("cuGetProcAddress_v2", the CUDA
// 12 form, else the CUDA 11.3 "cuGetProcAddress"); every other entry point
// is resolved by its base name through it, asking for the ABI of CUDA 12.0
// (cudaVersion 12000, or the driver's own version when it is older), so a
// name is never guessed: cuCtxSynchronize_v2, for one, exists and takes a
// context, unlike the cuCtxSynchronize of CUDA 12.0 that this runtime calls.
//
// Initialisation runs once (std::call_once) on the first GPU call of any
// thread; each thread then makes the primary context current on its first
// call (a thread_local flag), so later calls cost one thread-local test.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"
#include "ClusterEnv.h"
#include "Memory.h"

#include "neve/Runtime/neve_runtime.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <dlfcn.h>

namespace neve_gpu {

namespace {

struct State {
  std::once_flag once;
  std::atomic<bool> ready{false};
  void *library = nullptr;
  DriverApi api;
  CUdevice device = 0;
  CUcontext context = nullptr;
  int ordinal = 0;
  int capability = 0;
  int driverVersion = 0;
};

/// Never destroyed: other threads and global destructors may still use the
/// driver while the process exits.
State &state() {
  static State *s = new State();
  return *s;
}

/// The device chosen by mgpuSetDefaultDevice before initialisation.
std::atomic<int> requestedDevice{-1};

thread_local bool contextCurrent = false;
thread_local bool sitePending = false;
thread_local Site pendingSite;
thread_local const char *lastKernel = nullptr;
thread_local Site lastKernelSite;

std::string versionText(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

[[noreturn]] void initFailure(const std::string &why) {
  fatal(errorSite(), "this program uses the GPU, but " + why);
}

/// The device ordinal: $NEVE_GPU_DEVICE, else mgpuSetDefaultDevice's, else
/// the rank's place on its node under torchrun or Slurm (LOCAL_RANK,
/// SLURM_LOCALID; ClusterEnv.h) modulo the devices it sees (one per task
/// when Slurm gives each its own GPU), else 0.
int chosenDevice(int count) {
  const char *env = std::getenv("NEVE_GPU_DEVICE");
  if (env && *env) {
    char *end = nullptr;
    errno = 0;
    long v = std::strtol(env, &end, 10);
    if (errno != 0 || *end != '\0' || v < 0 || v > 1 << 20)
      initFailure(std::string("NEVE_GPU_DEVICE='") + env +
                  "' is not a device number");
    return static_cast<int>(v);
  }
  int requested = requestedDevice.load();
  if (requested >= 0)
    return requested;
  neve_cluster::ClusterEnv cluster;
  std::string ignored; // a malformed variable is reported by the collectives
  if (neve_cluster::detectCluster(std::getenv, cluster, ignored) &&
      (cluster.launcher == neve_cluster::Launcher::Torchrun ||
       cluster.launcher == neve_cluster::Launcher::Slurm))
    return cluster.localRank % count;
  return 0;
}

void initialise() {
  State &s = state();
  const char *path = std::getenv("NEVE_CUDA_LIBRARY");
  if (!path || !*path)
    path = "libcuda.so.1";
  dlerror();
  s.library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!s.library) {
    const char *why = dlerror();
    initFailure(std::string("no CUDA driver could be loaded (") +
                (why ? why : path) + ")");
  }

  auto *getProc2 = reinterpret_cast<PFN_cuGetProcAddress_v2>(
      dlsym(s.library, "cuGetProcAddress_v2"));
  auto *getProc1 = getProc2 ? nullptr
                            : reinterpret_cast<PFN_cuGetProcAddress_v1>(
                                  dlsym(s.library, "cuGetProcAddress"));
  if (!getProc2 && !getProc1)
    initFailure(std::string("the CUDA driver ") + path +
                " has no cuGetProcAddress (a driver for CUDA 11.3 or later "
                "is needed)");

  int request = getProc2 ? 12000 : 11030;
  auto resolve = [&](const char *name) -> void * {
    void *fn = nullptr;
    CUresult r;
    int status = CU_GET_PROC_ADDRESS_SUCCESS;
    if (getProc2)
      r = getProc2(name, &fn, request, CU_GET_PROC_ADDRESS_DEFAULT, &status);
    else
      r = getProc1(name, &fn, request, CU_GET_PROC_ADDRESS_DEFAULT);
    if (r != CUDA_SUCCESS || status != CU_GET_PROC_ADDRESS_SUCCESS || !fn)
      initFailure(
          std::string("the CUDA driver ") +
          (s.driverVersion ? "(version " + versionText(s.driverVersion) + ") "
                           : std::string()) +
          "has no entry point " + name + " for CUDA " + versionText(request) +
          " (cuGetProcAddress: status " + std::to_string(status) + ", result " +
          std::to_string(r) + ")");
    return fn;
  };

  s.api.cuDriverGetVersion =
      reinterpret_cast<PFN_cuDriverGetVersion>(resolve("cuDriverGetVersion"));
  int version = 0;
  if (s.api.cuDriverGetVersion(&version) == CUDA_SUCCESS && version > 0) {
    s.driverVersion = version;
    request = std::min(12000, version);
  }
#define NEVE_CUDA_RESOLVE(name)                                                \
  s.api.name = reinterpret_cast<PFN_##name>(resolve(#name));
  NEVE_CUDA_ENTRY_POINTS(NEVE_CUDA_RESOLVE)
#undef NEVE_CUDA_RESOLVE
  // Optional ones: null when the driver has none.
  auto resolveOptional = [&](const char *name) -> void * {
    void *fn = nullptr;
    int status = CU_GET_PROC_ADDRESS_SUCCESS;
    CUresult r =
        getProc2 ? getProc2(name, &fn, request, CU_GET_PROC_ADDRESS_DEFAULT,
                            &status)
                 : getProc1(name, &fn, request, CU_GET_PROC_ADDRESS_DEFAULT);
    return r == CUDA_SUCCESS && status == CU_GET_PROC_ADDRESS_SUCCESS ? fn
                                                                      : nullptr;
  };
#define NEVE_CUDA_RESOLVE_OPTIONAL(name)                                       \
  s.api.name = reinterpret_cast<PFN_##name>(resolveOptional(#name));
  NEVE_CUDA_OPTIONAL_ENTRY_POINTS(NEVE_CUDA_RESOLVE_OPTIONAL)
#undef NEVE_CUDA_RESOLVE_OPTIONAL

  CUresult r = s.api.cuInit(0);
  if (r != CUDA_SUCCESS)
    initFailure("the CUDA driver could not be initialised: " + errorText(r));
  int count = 0;
  r = s.api.cuDeviceGetCount(&count);
  if (r != CUDA_SUCCESS)
    initFailure("counting the CUDA devices failed: " + errorText(r));
  if (count <= 0)
    initFailure("no CUDA device is present");
  int ordinal = chosenDevice(count);
  if (ordinal >= count)
    initFailure("CUDA device " + std::to_string(ordinal) +
                " was asked for and the machine has " + std::to_string(count) +
                (count == 1 ? " device" : " devices"));
  s.ordinal = ordinal;
  r = s.api.cuDeviceGet(&s.device, ordinal);
  if (r != CUDA_SUCCESS)
    initFailure("getting CUDA device " + std::to_string(ordinal) +
                " failed: " + errorText(r));
  int major = 0, minor = 0;
  r = s.api.cuDeviceGetAttribute(
      &major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, s.device);
  if (r == CUDA_SUCCESS)
    r = s.api.cuDeviceGetAttribute(
        &minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, s.device);
  if (r != CUDA_SUCCESS)
    initFailure("reading the compute capability of CUDA device " +
                std::to_string(ordinal) + " failed: " + errorText(r));
  s.capability = major * 10 + minor;
  r = s.api.cuDevicePrimaryCtxRetain(&s.context, s.device);
  if (r != CUDA_SUCCESS)
    initFailure("the primary context of CUDA device " +
                std::to_string(ordinal) +
                " could not be retained: " + errorText(r));
  s.ready.store(true, std::memory_order_release);
}

} // namespace

const DriverApi &api() {
  State &s = state();
  if (contextCurrent)
    return s.api;
  std::call_once(s.once, initialise);
  check(s.api.cuCtxSetCurrent(s.context), "making the GPU context current");
  contextCurrent = true;
  return s.api;
}

bool driverReady() { return state().ready.load(std::memory_order_acquire); }

int deviceCapability() {
  api();
  return state().capability;
}

int deviceMultiprocessors() {
  // Read when asked (not when the driver starts: a program that never asks
  // needs nothing more of the driver).
  const DriverApi &driver = api();
  int count = 0;
  check(driver.cuDeviceGetAttribute(
            &count, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, state().device),
        "reading the device's multiprocessor count");
  return count;
}

namespace {

/// A thread's stream. When the thread ends (before the program does), its
/// work is waited for, so that the allocator's blocks freed on it may serve
/// other streams, and the stream is destroyed (its handle may then be
/// reused by a new stream).
struct ThreadStream {
  CUstream stream = nullptr;
  ~ThreadStream() {
    if (!stream || exiting() || threadCapturing())
      return;
    const DriverApi &d = state().api;
    checkAsync(d.cuStreamSynchronize(stream),
               "synchronising the GPU stream of an ending thread");
    streamIdle(stream);
    d.cuStreamDestroy(stream);
  }
};

thread_local ThreadStream threadStreamHolder;

} // namespace

CUstream threadStream() {
  ThreadStream &holder = threadStreamHolder;
  if (!holder.stream)
    check(api().cuStreamCreate(&holder.stream, CU_STREAM_NON_BLOCKING),
          "creating the thread's GPU stream");
  return holder.stream;
}

std::string errorText(CUresult r) {
  State &s = state();
  const char *name = nullptr, *text = nullptr;
  if (s.api.cuGetErrorName)
    s.api.cuGetErrorName(r, &name);
  if (s.api.cuGetErrorString)
    s.api.cuGetErrorString(r, &text);
  std::string out = name ? name : "CUDA error " + std::to_string(r);
  if (text)
    out += std::string(": ") + text;
  return out;
}

Site errorSite() {
  if (sitePending && pendingSite.file)
    return pendingSite;
  return Site{"<runtime>", 0, 0};
}

Site takeLaunchSite() {
  Site site = sitePending ? pendingSite : Site{};
  sitePending = false;
  return site;
}

void noteLaunch(const char *name, Site site) {
  lastKernel = name;
  lastKernelSite = site;
}

const char *lastLaunch(Site *site) {
  if (site)
    *site = lastKernelSite;
  return lastKernel;
}

namespace {
std::atomic<bool> programExiting{false};
} // namespace

bool exiting() { return programExiting.load(); }
void setExiting() { programExiting.store(true); }

std::string siteText(Site site) {
  if (!site.file)
    return "an unknown location";
  return std::string(site.file) + ":" + std::to_string(site.line) + ":" +
         std::to_string(site.col);
}

void fatal(Site site, const std::string &message) {
  neve_rt_errorf(site.file ? site.file : "<runtime>", site.line, site.col, "%s",
                 message.c_str());
}

void check(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return;
  fatal(errorSite(), std::string(what) + " failed: " + errorText(r));
}

bool isKernelFault(CUresult r) {
  switch (r) {
  case CUDA_ERROR_ILLEGAL_ADDRESS:
  case CUDA_ERROR_LAUNCH_TIMEOUT:
  case CUDA_ERROR_ASSERT:
  case CUDA_ERROR_HARDWARE_STACK_ERROR:
  case CUDA_ERROR_ILLEGAL_INSTRUCTION:
  case CUDA_ERROR_MISALIGNED_ADDRESS:
  case CUDA_ERROR_INVALID_ADDRESS_SPACE:
  case CUDA_ERROR_INVALID_PC:
  case CUDA_ERROR_LAUNCH_FAILED:
    return true;
  default:
    return false;
  }
}

void *openLibrary(const char *envVar, const char *fallback,
                  const std::string &cannotLoad, const std::string &hint,
                  std::string &name) {
  const char *env = std::getenv(envVar);
  name = env && *env ? env : fallback;
  void *lib = dlopen(name.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (!lib)
    fatal(errorSite(), cannotLoad + " (" + dlerror() + "); " + hint);
  return lib;
}

void *librarySymbol(void *lib, const char *symbol, const char *vendor,
                    const std::string &name) {
  void *p = dlsym(lib, symbol);
  if (!p)
    fatal(errorSite(),
          std::string(vendor) + " library " + name + " lacks " + symbol);
  return p;
}

void checkAsync(CUresult r, const char *what) {
  if (r == CUDA_SUCCESS)
    return;
  if (!isKernelFault(r))
    fatal(errorSite(), std::string(what) + " failed: " + errorText(r));
  if (!lastKernel)
    fatal(errorSite(), std::string(what) + " failed: " + errorText(r) +
                           " (a kernel failed; this thread launched none, so "
                           "it was another thread's)");
  Site site = lastKernelSite;
  std::string where = siteText(site);
  if (!site.file)
    site = errorSite();
  fatal(site, "error in kernel '" + std::string(lastKernel) + "' launched at " +
                  where + ": " + errorText(r) + " (found while " + what +
                  "; kernels run asynchronously: this is the last kernel the "
                  "thread launched)");
}

} // namespace neve_gpu

using namespace neve_gpu;

extern "C" void neve_gpu_launch_site(const char *file, int32_t line,
                                     int32_t col) {
  pendingSite = Site{file, line, col};
  sitePending = true;
}

extern "C" void neve_gpu_launch_error(const char *file, int32_t line,
                                      int32_t col, const char *msg) {
  neve_rt_error(file, line, col, msg);
}

extern "C" bool neve_gpu_initialized(void) { return driverReady(); }

extern "C" void mgpuSetDefaultDevice(int32_t device) {
  // One device per process: once the driver is initialised, only the
  // device in use may be named again.
  if (driverReady()) {
    if (device != state().ordinal)
      fatal(errorSite(), "mgpuSetDefaultDevice(" + std::to_string(device) +
                             "): the GPU runtime already uses device " +
                             std::to_string(state().ordinal) +
                             " (a Neve program uses one GPU)");
    return;
  }
  requestedDevice.store(device);
}
