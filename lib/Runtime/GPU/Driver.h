//===- Driver.h - The dlopen'd CUDA driver (internal) -----------*- C++ -*-===//
//
// The GPU runtime's access to the CUDA driver (docs/runtime-gpu.md, "Driver
// loading"): libcuda.so.1 (or $NEVE_CUDA_LIBRARY) is opened on the first GPU
// call, every entry point is resolved through cuGetProcAddress, and the
// primary context of device 0 (or $NEVE_GPU_DEVICE) is made current on each
// thread that calls api(). A failure ends the program with a runtime error;
// programs that never call into the GPU never open the driver.
//
// Errors follow the runtime's convention (neve_rt_errorf): `FILE:LINE:COL:
// runtime error: ...`, exit status 1. The location is the launch site that
// generated code announced with neve_gpu_launch_site when one is pending,
// else `<runtime>:0:0`.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_DRIVER_H
#define NEVE_RUNTIME_GPU_DRIVER_H

#include "CudaApi.h"

#include <cstdint>
#include <string>

namespace neve_gpu {

using namespace neve_cu;

struct DriverApi {
#define NEVE_CUDA_DECLARE_FIELD(name) PFN_##name name = nullptr;
  NEVE_CUDA_ENTRY_POINTS(NEVE_CUDA_DECLARE_FIELD)
  NEVE_CUDA_OPTIONAL_ENTRY_POINTS(NEVE_CUDA_DECLARE_FIELD)
#undef NEVE_CUDA_DECLARE_FIELD
};

/// The driver, loaded and initialised on first use, with the runtime's
/// context current on the calling thread.
const DriverApi &api();

/// True once the driver has been initialised (never loads it).
bool driverReady();

/// The device's compute capability, major * 10 + minor (initialises).
int deviceCapability();

/// The device's multiprocessors (initialises).
int deviceMultiprocessors();

/// The calling thread's in-order stream (created on first use).
CUstream threadStream();

/// True while the calling thread captures a CUDA graph (Streams.cpp).
bool threadCapturing();

/// Process-wide count of graph captures begun by the runtime and not ended.
bool anyCapture();

/// "CUDA_ERROR_X: message" for \p r (its number when the driver is absent).
std::string errorText(CUresult r);

/// A source location for error messages.
struct Site {
  const char *file = nullptr;
  int32_t line = 0;
  int32_t col = 0;
};

/// The pending launch site (neve_gpu_launch_site), or <runtime>:0:0.
Site errorSite();

/// Takes the pending launch site of the calling thread (clearing it).
Site takeLaunchSite();

/// Remembers the calling thread's latest launch for later asynchronous
/// errors; \p name must outlive the program (a kernel record's name).
void noteLaunch(const char *name, Site site);

/// The calling thread's last launch (its kernel name, or null for none).
const char *lastLaunch(Site *site);

/// Set once the program has finished (neve_gpu_at_exit): global destructors
/// then leave the driver alone.
bool exiting();
void setExiting();

/// "FILE:LINE:COL", or "an unknown location".
std::string siteText(Site site);

/// Ends the program: `<site>: runtime error: <message>`.
[[noreturn]] void fatal(Site site, const std::string &message);

/// Ends the program with `<what> failed: CUDA_ERROR_X: message` when \p r
/// is not CUDA_SUCCESS.
void check(CUresult r, const char *what);

/// A vendor library loaded at run time (cuDNN, NCCL): dlopen of $\p envVar,
/// else \p fallback. On failure ends the program with `<cannotLoad>
/// (<dlerror>); <hint>`. \p name receives the file opened.
void *openLibrary(const char *envVar, const char *fallback,
                  const std::string &cannotLoad, const std::string &hint,
                  std::string &name);

/// \p symbol of \p lib; ends the program with `<vendor> library <name>
/// lacks <symbol>` when it is missing.
void *librarySymbol(void *lib, const char *symbol, const char *vendor,
                    const std::string &name);

/// Like check, for calls that report earlier asynchronous work (stream,
/// event and context synchronisation, copies): a fault of a kernel names
/// the calling thread's last launch: `error in kernel 'K' launched at
/// FILE:LINE:COL: CUDA_ERROR_X: message (found while <what>; ...)`.
void checkAsync(CUresult r, const char *what);

/// True for the error codes of a failed kernel (illegal address, trap,
/// assert, ...), which every later call of the context reports.
bool isKernelFault(CUresult r);

} // namespace neve_gpu

#endif // NEVE_RUNTIME_GPU_DRIVER_H
