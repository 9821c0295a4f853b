//===- CudaApi.h - The CUDA driver API subset the runtime uses --*- C++ -*-===//
//
// The runtime loads the CUDA driver at run time (Driver.cpp) and must build
// and link where no CUDA toolkit exists, so it does not include cuda.h. This
// header declares the few driver types, constants and function types it
// needs, with the values and signatures of the CUDA 12.0 driver API (the
// ABI that cuGetProcAddress returns for cudaVersion 12000). Every value and
// signature here is checked against /usr/local/cuda/include/cuda.h by
// test/unit/CudaApiCheckTest.cpp when that header exists.
//
// The opaque handle types name the same incomplete structs as cuda.h
// (CUstream_st, ...) in the global namespace, so both headers may meet in
// one translation unit (the check test) and agree on the handle types.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_CUDAAPI_H
#define NEVE_RUNTIME_GPU_CUDAAPI_H

#include <cstddef>
#include <cstdint>

struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
struct CUgraph_st;
struct CUgraphExec_st;

namespace neve_cu {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using cuuint64_t = uint64_t;
using CUcontext = ::CUctx_st *;
using CUmodule = ::CUmod_st *;
using CUfunction = ::CUfunc_st *;
using CUstream = ::CUstream_st *;
using CUevent = ::CUevent_st *;
using CUgraph = ::CUgraph_st *;
using CUgraphExec = ::CUgraphExec_st *;

// CUresult values.
constexpr CUresult CUDA_SUCCESS = 0;
constexpr CUresult CUDA_ERROR_INVALID_VALUE = 1;
constexpr CUresult CUDA_ERROR_OUT_OF_MEMORY = 2;
constexpr CUresult CUDA_ERROR_NOT_INITIALIZED = 3;
constexpr CUresult CUDA_ERROR_NO_DEVICE = 100;
constexpr CUresult CUDA_ERROR_INVALID_DEVICE = 101;
constexpr CUresult CUDA_ERROR_INVALID_IMAGE = 200;
constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;
constexpr CUresult CUDA_ERROR_NOT_READY = 600;
constexpr CUresult CUDA_ERROR_ILLEGAL_ADDRESS = 700;
constexpr CUresult CUDA_ERROR_LAUNCH_TIMEOUT = 702;
constexpr CUresult CUDA_ERROR_ASSERT = 710;
constexpr CUresult CUDA_ERROR_HARDWARE_STACK_ERROR = 714;
constexpr CUresult CUDA_ERROR_ILLEGAL_INSTRUCTION = 715;
constexpr CUresult CUDA_ERROR_MISALIGNED_ADDRESS = 716;
constexpr CUresult CUDA_ERROR_INVALID_ADDRESS_SPACE = 717;
constexpr CUresult CUDA_ERROR_INVALID_PC = 718;
constexpr CUresult CUDA_ERROR_LAUNCH_FAILED = 719;
constexpr CUresult CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED = 900;
constexpr CUresult CUDA_ERROR_STREAM_CAPTURE_INVALIDATED = 901;

// CUdriverProcAddress_flags and CUdriverProcAddressQueryResult.
constexpr cuuint64_t CU_GET_PROC_ADDRESS_DEFAULT = 0;
constexpr int CU_GET_PROC_ADDRESS_SUCCESS = 0;
constexpr int CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND = 1;
constexpr int CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT = 2;

// CUdevice_attribute.
constexpr int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75;
constexpr int CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76;

// CUfunction_attribute.
constexpr int CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;

// CUjit_option.
constexpr int CU_JIT_INFO_LOG_BUFFER = 3;
constexpr int CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4;
constexpr int CU_JIT_ERROR_LOG_BUFFER = 5;
constexpr int CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6;
constexpr int CU_JIT_OPTIMIZATION_LEVEL = 7;

// Stream, event, capture and memory flags.
constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1;
constexpr unsigned CU_EVENT_DEFAULT = 0x0;
constexpr unsigned CU_EVENT_DISABLE_TIMING = 0x2;
constexpr int CU_STREAM_CAPTURE_MODE_RELAXED = 2;
constexpr int CU_STREAM_CAPTURE_STATUS_NONE = 0;
constexpr int CU_STREAM_CAPTURE_STATUS_ACTIVE = 1;
constexpr int CU_STREAM_CAPTURE_STATUS_INVALIDATED = 2;
// CU_MEMHOSTALLOC_PORTABLE is a macro in cuda.h: a different name here.
constexpr unsigned kMemHostAllocPortable = 0x01;
constexpr unsigned CU_MEM_ATTACH_GLOBAL = 0x1;

// Tensor maps (cuTensorMapEncodeTiled, CUDA 12.0): the CUtensorMapDataType,
// CUtensorMapSwizzle, CUtensorMapInterleave, CUtensorMapL2promotion and
// CUtensorMapFloatOOBfill values the runtime passes. cuda.h's CUtensorMap
// is a struct of 16 uint64_t, aligned to 128 bytes since CUDA 13 (64
// before; a kernel parameter needs 64); TensorMap has its layout.
constexpr int CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0;
constexpr int CU_TENSOR_MAP_DATA_TYPE_UINT16 = 1;
constexpr int CU_TENSOR_MAP_DATA_TYPE_INT32 = 3;
constexpr int CU_TENSOR_MAP_DATA_TYPE_INT64 = 5;
constexpr int CU_TENSOR_MAP_DATA_TYPE_FLOAT16 = 6;
constexpr int CU_TENSOR_MAP_DATA_TYPE_FLOAT32 = 7;
constexpr int CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 = 9;
constexpr int CU_TENSOR_MAP_INTERLEAVE_NONE = 0;
constexpr int CU_TENSOR_MAP_SWIZZLE_NONE = 0;
constexpr int CU_TENSOR_MAP_SWIZZLE_32B = 1;
constexpr int CU_TENSOR_MAP_SWIZZLE_64B = 2;
constexpr int CU_TENSOR_MAP_SWIZZLE_128B = 3;
constexpr int CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2;
constexpr int CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0;
constexpr unsigned kTensorMapNumQwords = 16;
struct alignas(128) TensorMap {
  cuuint64_t opaque[kTensorMapNumQwords];
};

// cuGetProcAddress itself: the CUDA 12 form (exported as
// "cuGetProcAddress_v2") and the CUDA 11.3 form ("cuGetProcAddress").
using PFN_cuGetProcAddress_v2 = CUresult (*)(const char *symbol, void **pfn,
                                             int cudaVersion, cuuint64_t flags,
                                             int *symbolStatus);
using PFN_cuGetProcAddress_v1 = CUresult (*)(const char *symbol, void **pfn,
                                             int cudaVersion, cuuint64_t flags);

// The entry points, each with its CUDA 12.0 signature. X(name, type) for
// every one: Driver.cpp resolves them by their base names (never a `_vN`
// name) through cuGetProcAddress.
using PFN_cuInit = CUresult (*)(unsigned flags);
using PFN_cuDriverGetVersion = CUresult (*)(int *version);
using PFN_cuGetErrorName = CUresult (*)(CUresult error, const char **str);
using PFN_cuGetErrorString = CUresult (*)(CUresult error, const char **str);
using PFN_cuDeviceGetCount = CUresult (*)(int *count);
using PFN_cuDeviceGet = CUresult (*)(CUdevice *device, int ordinal);
using PFN_cuDeviceGetAttribute = CUresult (*)(int *value, int attribute,
                                              CUdevice device);
using PFN_cuDeviceGetName = CUresult (*)(char *name, int len, CUdevice device);
using PFN_cuDevicePrimaryCtxRetain = CUresult (*)(CUcontext *ctx,
                                                  CUdevice device);
using PFN_cuCtxSetCurrent = CUresult (*)(CUcontext ctx);
using PFN_cuCtxSynchronize = CUresult (*)(void);
using PFN_cuModuleLoadDataEx = CUresult (*)(CUmodule *module, const void *image,
                                            unsigned numOptions, int *options,
                                            void **optionValues);
using PFN_cuModuleUnload = CUresult (*)(CUmodule module);
using PFN_cuModuleGetFunction = CUresult (*)(CUfunction *fn, CUmodule module,
                                             const char *name);
using PFN_cuFuncSetAttribute = CUresult (*)(CUfunction fn, int attribute,
                                            int value);
using PFN_cuLaunchKernel = CUresult (*)(CUfunction fn, unsigned gridX,
                                        unsigned gridY, unsigned gridZ,
                                        unsigned blockX, unsigned blockY,
                                        unsigned blockZ, unsigned sharedBytes,
                                        CUstream stream, void **params,
                                        void **extra);
using PFN_cuStreamCreate = CUresult (*)(CUstream *stream, unsigned flags);
using PFN_cuStreamDestroy = CUresult (*)(CUstream stream);
using PFN_cuStreamSynchronize = CUresult (*)(CUstream stream);
using PFN_cuStreamWaitEvent = CUresult (*)(CUstream stream, CUevent event,
                                           unsigned flags);
using PFN_cuStreamIsCapturing = CUresult (*)(CUstream stream, int *status);
using PFN_cuStreamBeginCapture = CUresult (*)(CUstream stream, int mode);
using PFN_cuStreamEndCapture = CUresult (*)(CUstream stream, CUgraph *graph);
using PFN_cuGraphInstantiateWithFlags = CUresult (*)(CUgraphExec *exec,
                                                     CUgraph graph,
                                                     unsigned long long flags);
using PFN_cuGraphLaunch = CUresult (*)(CUgraphExec exec, CUstream stream);
using PFN_cuGraphExecDestroy = CUresult (*)(CUgraphExec exec);
using PFN_cuGraphDestroy = CUresult (*)(CUgraph graph);
using PFN_cuEventCreate = CUresult (*)(CUevent *event, unsigned flags);
using PFN_cuEventDestroy = CUresult (*)(CUevent event);
using PFN_cuEventRecord = CUresult (*)(CUevent event, CUstream stream);
using PFN_cuEventSynchronize = CUresult (*)(CUevent event);
using PFN_cuEventElapsedTime = CUresult (*)(float *ms, CUevent start,
                                            CUevent end);
using PFN_cuMemAlloc = CUresult (*)(CUdeviceptr *ptr, size_t bytes);
using PFN_cuMemAllocManaged = CUresult (*)(CUdeviceptr *ptr, size_t bytes,
                                           unsigned flags);
using PFN_cuMemFree = CUresult (*)(CUdeviceptr ptr);
using PFN_cuMemGetInfo = CUresult (*)(size_t *free, size_t *total);
using PFN_cuMemHostAlloc = CUresult (*)(void **ptr, size_t bytes,
                                        unsigned flags);
using PFN_cuMemFreeHost = CUresult (*)(void *ptr);
using PFN_cuMemcpyAsync = CUresult (*)(CUdeviceptr dst, CUdeviceptr src,
                                       size_t bytes, CUstream stream);
using PFN_cuMemcpyHtoDAsync = CUresult (*)(CUdeviceptr dst, const void *src,
                                           size_t bytes, CUstream stream);
using PFN_cuMemcpyDtoHAsync = CUresult (*)(void *dst, CUdeviceptr src,
                                           size_t bytes, CUstream stream);
using PFN_cuMemsetD32Async = CUresult (*)(CUdeviceptr dst, unsigned value,
                                          size_t count, CUstream stream);
using PFN_cuMemsetD16Async = CUresult (*)(CUdeviceptr dst, unsigned short value,
                                          size_t count, CUstream stream);

using PFN_cuTensorMapEncodeTiled = CUresult (*)(
    TensorMap *tensorMap, int dataType, uint32_t rank, void *globalAddress,
    const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const uint32_t *boxDim, const uint32_t *elementStrides, int interleave,
    int swizzle, int l2Promotion, int oobFill);

/// Entry points a driver may lack (of a later CUDA than the runtime
/// needs): resolved when present, null otherwise; their callers say what
/// is missing.
#define NEVE_CUDA_OPTIONAL_ENTRY_POINTS(X) X(cuTensorMapEncodeTiled)

#define NEVE_CUDA_ENTRY_POINTS(X)                                              \
  X(cuInit)                                                                    \
  X(cuDriverGetVersion)                                                        \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDeviceGetName)                                                           \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuFuncSetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuStreamCreate)                                                            \
  X(cuStreamDestroy)                                                           \
  X(cuStreamSynchronize)                                                       \
  X(cuStreamWaitEvent)                                                         \
  X(cuStreamIsCapturing)                                                       \
  X(cuStreamBeginCapture)                                                      \
  X(cuStreamEndCapture)                                                        \
  X(cuGraphInstantiateWithFlags)                                               \
  X(cuGraphLaunch)                                                             \
  X(cuGraphExecDestroy)                                                        \
  X(cuGraphDestroy)                                                            \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventElapsedTime)                                                        \
  X(cuMemAlloc)                                                                \
  X(cuMemAllocManaged)                                                         \
  X(cuMemFree)                                                                 \
  X(cuMemGetInfo)                                                              \
  X(cuMemHostAlloc)                                                            \
  X(cuMemFreeHost)                                                             \
  X(cuMemcpyAsync)                                                             \
  X(cuMemcpyHtoDAsync)                                                         \
  X(cuMemcpyDtoHAsync)                                                         \
  X(cuMemsetD32Async)                                                          \
  X(cuMemsetD16Async)

} // namespace neve_cu

#endif // NEVE_RUNTIME_GPU_CUDAAPI_H
