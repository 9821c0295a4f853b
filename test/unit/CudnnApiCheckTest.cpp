//===- CudnnApiCheckTest.cpp - CudnnApi.h agrees with cudnn.h ---*- C++ -*-===//
//
// The runtime declares the cuDNN types, constants and function types it
// uses itself (lib/Runtime/GPU/CudnnApi.h) and loads cuDNN at run time.
// This test, built only where cudnn.h exists, checks at compile time that
// every constant has cudnn.h's value, that the perf structs have its
// layout, and that every function type has the ABI of its declaration
// (pointers compare as pointers: the opaque handle types are distinct C++
// types on the two sides; enums as 32-bit integers).
//
//===----------------------------------------------------------------------===//

#include <cudnn.h>

#include "AbiCheck.h"
#include "CudnnApi.h"

#include "gtest/gtest.h"

#include <cstddef>

namespace {

template <typename A, typename B>
using SameAbi = neve_abi::SameAbi<true, A, B>;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#define CHECK_FN(name)                                                         \
  static_assert(SameAbi<decltype(&::name), neve_cudnn::PFN_##name>::value,     \
                "CudnnApi.h: PFN_" #name " differs from cudnn.h");
NEVE_CUDNN_ENTRY_POINTS(CHECK_FN)
#undef CHECK_FN

static_assert(neve_cudnn::CUDNN_STATUS_SUCCESS == ::CUDNN_STATUS_SUCCESS);
static_assert(neve_cudnn::CUDNN_DATA_FLOAT == ::CUDNN_DATA_FLOAT);
static_assert(neve_cudnn::CUDNN_TENSOR_NCHW == ::CUDNN_TENSOR_NCHW);
static_assert(neve_cudnn::CUDNN_CROSS_CORRELATION ==
              ::CUDNN_CROSS_CORRELATION);
static_assert(neve_cudnn::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION ==
              ::CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION);
static_assert(neve_cudnn::CUDNN_FMA_MATH == ::CUDNN_FMA_MATH);

#define CHECK_PERF(Ours, Theirs)                                               \
  static_assert(sizeof(neve_cudnn::Ours) == sizeof(::Theirs));                 \
  static_assert(offsetof(neve_cudnn::Ours, status) ==                          \
                offsetof(::Theirs, status));                                   \
  static_assert(offsetof(neve_cudnn::Ours, memory) ==                          \
                offsetof(::Theirs, memory));                                   \
  static_assert(offsetof(neve_cudnn::Ours, mathType) ==                        \
                offsetof(::Theirs, mathType));
CHECK_PERF(cudnnConvolutionFwdAlgoPerf_t, cudnnConvolutionFwdAlgoPerf_t)
CHECK_PERF(cudnnConvolutionBwdDataAlgoPerf_t, cudnnConvolutionBwdDataAlgoPerf_t)
CHECK_PERF(cudnnConvolutionBwdFilterAlgoPerf_t,
           cudnnConvolutionBwdFilterAlgoPerf_t)
#undef CHECK_PERF
#pragma GCC diagnostic pop

TEST(CudnnApiCheck, DeclarationsMatchCudnnH) {
  // Everything is checked at compile time; this records that it ran.
  EXPECT_EQ(CUDNN_MAJOR, 9);
}

} // namespace
