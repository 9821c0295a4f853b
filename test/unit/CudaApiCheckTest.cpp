//===- CudaApiCheckTest.cpp - CudaApi.h agrees with cuda.h ------*- C++ -*-===//
//
// The runtime declares the CUDA driver types, constants and function types
// it uses itself (lib/Runtime/GPU/CudaApi.h) instead of including cuda.h.
// This test, built only where the CUDA toolkit's cuda.h exists, checks at
// compile time that every constant has cuda.h's value and that every
// function type has the ABI of cuda.h's declaration (cuda.h's own macros
// map a name such as cuMemAlloc to the versioned symbol, cuMemAlloc_v2,
// that cuGetProcAddress returns for CUDA 12.0). Enum parameters compare as
// 32-bit integers, which is how they are passed.
//
//===----------------------------------------------------------------------===//

#include <cuda.h>

#include "AbiCheck.h"
#include "CudaApi.h"

#include "gtest/gtest.h"

namespace {

template <typename A, typename B>
using SameAbi = neve_abi::SameAbi<false, A, B>;

#define CHECK_FN(name)                                                         \
  static_assert(SameAbi<decltype(&::name), neve_cu::PFN_##name>::value,        \
                "CudaApi.h: PFN_" #name " differs from cuda.h");
NEVE_CUDA_ENTRY_POINTS(CHECK_FN)
#undef CHECK_FN
static_assert(SameAbi<decltype(&::cuGetProcAddress),
                      neve_cu::PFN_cuGetProcAddress_v2>::value,
              "cuGetProcAddress_v2");

#define CHECK_VALUE(name)                                                      \
  static_assert(static_cast<long long>(neve_cu::name) ==                       \
                    static_cast<long long>(::name),                            \
                "CudaApi.h: " #name " differs from cuda.h");
CHECK_VALUE(CUDA_SUCCESS)
CHECK_VALUE(CUDA_ERROR_INVALID_VALUE)
CHECK_VALUE(CUDA_ERROR_OUT_OF_MEMORY)
CHECK_VALUE(CUDA_ERROR_NOT_INITIALIZED)
CHECK_VALUE(CUDA_ERROR_NO_DEVICE)
CHECK_VALUE(CUDA_ERROR_INVALID_DEVICE)
CHECK_VALUE(CUDA_ERROR_INVALID_IMAGE)
CHECK_VALUE(CUDA_ERROR_NOT_FOUND)
CHECK_VALUE(CUDA_ERROR_NOT_READY)
CHECK_VALUE(CUDA_ERROR_ILLEGAL_ADDRESS)
CHECK_VALUE(CUDA_ERROR_LAUNCH_TIMEOUT)
CHECK_VALUE(CUDA_ERROR_ASSERT)
CHECK_VALUE(CUDA_ERROR_HARDWARE_STACK_ERROR)
CHECK_VALUE(CUDA_ERROR_ILLEGAL_INSTRUCTION)
CHECK_VALUE(CUDA_ERROR_MISALIGNED_ADDRESS)
CHECK_VALUE(CUDA_ERROR_INVALID_ADDRESS_SPACE)
CHECK_VALUE(CUDA_ERROR_INVALID_PC)
CHECK_VALUE(CUDA_ERROR_LAUNCH_FAILED)
CHECK_VALUE(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED)
CHECK_VALUE(CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)
CHECK_VALUE(CU_GET_PROC_ADDRESS_DEFAULT)
CHECK_VALUE(CU_GET_PROC_ADDRESS_SUCCESS)
CHECK_VALUE(CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND)
CHECK_VALUE(CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT)
CHECK_VALUE(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
CHECK_VALUE(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
CHECK_VALUE(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
CHECK_VALUE(CU_JIT_INFO_LOG_BUFFER)
CHECK_VALUE(CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES)
CHECK_VALUE(CU_JIT_ERROR_LOG_BUFFER)
CHECK_VALUE(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
CHECK_VALUE(CU_JIT_OPTIMIZATION_LEVEL)
CHECK_VALUE(CU_STREAM_NON_BLOCKING)
CHECK_VALUE(CU_EVENT_DEFAULT)
CHECK_VALUE(CU_EVENT_DISABLE_TIMING)
CHECK_VALUE(CU_STREAM_CAPTURE_MODE_RELAXED)
CHECK_VALUE(CU_STREAM_CAPTURE_STATUS_NONE)
CHECK_VALUE(CU_STREAM_CAPTURE_STATUS_ACTIVE)
CHECK_VALUE(CU_STREAM_CAPTURE_STATUS_INVALIDATED)
CHECK_VALUE(CU_MEM_ATTACH_GLOBAL)
CHECK_VALUE(CU_TENSOR_MAP_DATA_TYPE_UINT8)
CHECK_VALUE(CU_TENSOR_MAP_DATA_TYPE_UINT16)
CHECK_VALUE(CU_TENSOR_MAP_DATA_TYPE_INT32)
CHECK_VALUE(CU_TENSOR_MAP_DATA_TYPE_INT64)
CHECK_VALUE(CU_TENSOR_MAP_DATA_TYPE_FLOAT16)
CHECK_VALUE(CU_TENSOR_MAP_DATA_TYPE_FLOAT32)
CHECK_VALUE(CU_TENSOR_MAP_DATA_TYPE_BFLOAT16)
CHECK_VALUE(CU_TENSOR_MAP_INTERLEAVE_NONE)
CHECK_VALUE(CU_TENSOR_MAP_SWIZZLE_NONE)
CHECK_VALUE(CU_TENSOR_MAP_SWIZZLE_32B)
CHECK_VALUE(CU_TENSOR_MAP_SWIZZLE_64B)
CHECK_VALUE(CU_TENSOR_MAP_SWIZZLE_128B)
CHECK_VALUE(CU_TENSOR_MAP_L2_PROMOTION_L2_128B)
CHECK_VALUE(CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)
#undef CHECK_VALUE
static_assert(neve_cu::kMemHostAllocPortable == CU_MEMHOSTALLOC_PORTABLE);
// The optional entry points (resolved when the driver has them).
#define CHECK_OPTIONAL_FN(name)                                                \
  static_assert(neve_abi::SameAbi<true, decltype(&::name),                     \
                                  neve_cu::PFN_##name>::value,                 \
                "CudaApi.h: PFN_" #name " differs from cuda.h");
NEVE_CUDA_OPTIONAL_ENTRY_POINTS(CHECK_OPTIONAL_FN)
#undef CHECK_OPTIONAL_FN
// TensorMap has CUtensorMap's layout: 128 bytes, aligned as cuda.h says.
static_assert(sizeof(neve_cu::TensorMap) == sizeof(CUtensorMap));
static_assert(alignof(neve_cu::TensorMap) == alignof(CUtensorMap));
static_assert(neve_cu::kTensorMapNumQwords == CU_TENSOR_MAP_NUM_QWORDS);

static_assert(std::is_same_v<neve_cu::CUstream, ::CUstream>);
static_assert(std::is_same_v<neve_cu::CUcontext, ::CUcontext>);
static_assert(std::is_same_v<neve_cu::CUgraphExec, ::CUgraphExec>);
static_assert(std::is_same_v<neve_cu::CUdeviceptr, ::CUdeviceptr>);
static_assert(sizeof(neve_cu::CUresult) == sizeof(::CUresult));

TEST(CudaApiCheck, CheckedAgainstCudaHeaders) {
  // The checks above ran at compile time against this cuda.h.
  EXPECT_GE(CUDA_VERSION, 12000);
}

} // namespace
