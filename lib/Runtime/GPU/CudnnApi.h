//===- CudnnApi.h - The subset of cuDNN 9 that Cudnn.cpp uses ---*- C++ -*-===//
//
// Types, constants and function types of cudnn.h (cuDNN 9 ABI), declared
// here so that the runtime builds without cuDNN's headers and loads the
// library at run time. test/unit/CudnnApiCheckTest.cpp compares them with
// the real header when it is installed.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_GPU_CUDNNAPI_H
#define NEVE_RUNTIME_GPU_CUDNNAPI_H

#include <cstddef>

namespace neve_cudnn {

typedef struct cudnnContext *cudnnHandle_t;
typedef struct cudnnTensorStruct *cudnnTensorDescriptor_t;
typedef struct cudnnFilterStruct *cudnnFilterDescriptor_t;
typedef struct cudnnConvolutionStruct *cudnnConvolutionDescriptor_t;
typedef void *cudaStream_t; // a CUstream

typedef int cudnnStatus_t;
typedef int cudnnDataType_t;
typedef int cudnnTensorFormat_t;
typedef int cudnnConvolutionMode_t;
typedef int cudnnMathType_t;
typedef int cudnnConvolutionFwdAlgo_t;
typedef int cudnnConvolutionBwdDataAlgo_t;
typedef int cudnnConvolutionBwdFilterAlgo_t;
typedef int cudnnDeterminism_t;

constexpr cudnnStatus_t CUDNN_STATUS_SUCCESS = 0;
constexpr cudnnDataType_t CUDNN_DATA_FLOAT = 0;
constexpr cudnnTensorFormat_t CUDNN_TENSOR_NCHW = 0;
constexpr cudnnConvolutionMode_t CUDNN_CROSS_CORRELATION = 1;
constexpr cudnnMathType_t CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION = 2;
constexpr cudnnMathType_t CUDNN_FMA_MATH = 3;

// The three perf structs share this layout (cudnn_cnn_v9.h).
#define NEVE_CUDNN_PERF_STRUCT(Name, Algo)                                     \
  struct Name {                                                                \
    Algo algo;                                                                 \
    cudnnStatus_t status;                                                      \
    float time;                                                                \
    size_t memory;                                                             \
    cudnnDeterminism_t determinism;                                            \
    cudnnMathType_t mathType;                                                  \
    int reserved[3];                                                           \
  };
NEVE_CUDNN_PERF_STRUCT(cudnnConvolutionFwdAlgoPerf_t, cudnnConvolutionFwdAlgo_t)
NEVE_CUDNN_PERF_STRUCT(cudnnConvolutionBwdDataAlgoPerf_t,
                       cudnnConvolutionBwdDataAlgo_t)
NEVE_CUDNN_PERF_STRUCT(cudnnConvolutionBwdFilterAlgoPerf_t,
                       cudnnConvolutionBwdFilterAlgo_t)
#undef NEVE_CUDNN_PERF_STRUCT

using PFN_cudnnCreate = cudnnStatus_t (*)(cudnnHandle_t *);
using PFN_cudnnSetStream = cudnnStatus_t (*)(cudnnHandle_t, cudaStream_t);
using PFN_cudnnGetErrorString = const char *(*)(cudnnStatus_t);
using PFN_cudnnCreateTensorDescriptor =
    cudnnStatus_t (*)(cudnnTensorDescriptor_t *);
using PFN_cudnnSetTensor4dDescriptor =
    cudnnStatus_t (*)(cudnnTensorDescriptor_t, cudnnTensorFormat_t,
                      cudnnDataType_t, int, int, int, int);
using PFN_cudnnCreateFilterDescriptor =
    cudnnStatus_t (*)(cudnnFilterDescriptor_t *);
using PFN_cudnnSetFilter4dDescriptor =
    cudnnStatus_t (*)(cudnnFilterDescriptor_t, cudnnDataType_t,
                      cudnnTensorFormat_t, int, int, int, int);
using PFN_cudnnCreateConvolutionDescriptor =
    cudnnStatus_t (*)(cudnnConvolutionDescriptor_t *);
using PFN_cudnnSetConvolution2dDescriptor = cudnnStatus_t (*)(
    cudnnConvolutionDescriptor_t, int, int, int, int, int, int,
    cudnnConvolutionMode_t, cudnnDataType_t);
using PFN_cudnnSetConvolutionMathType =
    cudnnStatus_t (*)(cudnnConvolutionDescriptor_t, cudnnMathType_t);
using PFN_cudnnGetConvolution2dForwardOutputDim = cudnnStatus_t (*)(
    const cudnnConvolutionDescriptor_t, const cudnnTensorDescriptor_t,
    const cudnnFilterDescriptor_t, int *, int *, int *, int *);
using PFN_cudnnGetConvolutionForwardAlgorithm_v7 = cudnnStatus_t (*)(
    cudnnHandle_t, const cudnnTensorDescriptor_t,
    const cudnnFilterDescriptor_t, const cudnnConvolutionDescriptor_t,
    const cudnnTensorDescriptor_t, const int, int *,
    cudnnConvolutionFwdAlgoPerf_t *);
using PFN_cudnnGetConvolutionForwardWorkspaceSize = cudnnStatus_t (*)(
    cudnnHandle_t, const cudnnTensorDescriptor_t,
    const cudnnFilterDescriptor_t, const cudnnConvolutionDescriptor_t,
    const cudnnTensorDescriptor_t, cudnnConvolutionFwdAlgo_t, size_t *);
using PFN_cudnnConvolutionForward = cudnnStatus_t (*)(
    cudnnHandle_t, const void *, const cudnnTensorDescriptor_t, const void *,
    const cudnnFilterDescriptor_t, const void *,
    const cudnnConvolutionDescriptor_t, cudnnConvolutionFwdAlgo_t, void *,
    size_t, const void *, const cudnnTensorDescriptor_t, void *);
using PFN_cudnnGetConvolutionBackwardDataAlgorithm_v7 = cudnnStatus_t (*)(
    cudnnHandle_t, const cudnnFilterDescriptor_t,
    const cudnnTensorDescriptor_t, const cudnnConvolutionDescriptor_t,
    const cudnnTensorDescriptor_t, const int, int *,
    cudnnConvolutionBwdDataAlgoPerf_t *);
using PFN_cudnnGetConvolutionBackwardDataWorkspaceSize = cudnnStatus_t (*)(
    cudnnHandle_t, const cudnnFilterDescriptor_t,
    const cudnnTensorDescriptor_t, const cudnnConvolutionDescriptor_t,
    const cudnnTensorDescriptor_t, cudnnConvolutionBwdDataAlgo_t, size_t *);
using PFN_cudnnConvolutionBackwardData = cudnnStatus_t (*)(
    cudnnHandle_t, const void *, const cudnnFilterDescriptor_t, const void *,
    const cudnnTensorDescriptor_t, const void *,
    const cudnnConvolutionDescriptor_t, cudnnConvolutionBwdDataAlgo_t, void *,
    size_t, const void *, const cudnnTensorDescriptor_t, void *);
using PFN_cudnnGetConvolutionBackwardFilterAlgorithm_v7 = cudnnStatus_t (*)(
    cudnnHandle_t, const cudnnTensorDescriptor_t,
    const cudnnTensorDescriptor_t, const cudnnConvolutionDescriptor_t,
    const cudnnFilterDescriptor_t, const int, int *,
    cudnnConvolutionBwdFilterAlgoPerf_t *);
using PFN_cudnnGetConvolutionBackwardFilterWorkspaceSize = cudnnStatus_t (*)(
    cudnnHandle_t, const cudnnTensorDescriptor_t,
    const cudnnTensorDescriptor_t, const cudnnConvolutionDescriptor_t,
    const cudnnFilterDescriptor_t, cudnnConvolutionBwdFilterAlgo_t, size_t *);
using PFN_cudnnConvolutionBackwardFilter = cudnnStatus_t (*)(
    cudnnHandle_t, const void *, const cudnnTensorDescriptor_t, const void *,
    const cudnnTensorDescriptor_t, const void *,
    const cudnnConvolutionDescriptor_t, cudnnConvolutionBwdFilterAlgo_t,
    void *, size_t, const void *, const cudnnFilterDescriptor_t, void *);

#define NEVE_CUDNN_ENTRY_POINTS(X)                                             \
  X(cudnnCreate)                                                               \
  X(cudnnSetStream)                                                            \
  X(cudnnGetErrorString)                                                       \
  X(cudnnCreateTensorDescriptor)                                               \
  X(cudnnSetTensor4dDescriptor)                                                \
  X(cudnnCreateFilterDescriptor)                                               \
  X(cudnnSetFilter4dDescriptor)                                                \
  X(cudnnCreateConvolutionDescriptor)                                          \
  X(cudnnSetConvolution2dDescriptor)                                           \
  X(cudnnSetConvolutionMathType)                                               \
  X(cudnnGetConvolution2dForwardOutputDim)                                     \
  X(cudnnGetConvolutionForwardAlgorithm_v7)                                    \
  X(cudnnGetConvolutionForwardWorkspaceSize)                                   \
  X(cudnnConvolutionForward)                                                   \
  X(cudnnGetConvolutionBackwardDataAlgorithm_v7)                               \
  X(cudnnGetConvolutionBackwardDataWorkspaceSize)                              \
  X(cudnnConvolutionBackwardData)                                              \
  X(cudnnGetConvolutionBackwardFilterAlgorithm_v7)                             \
  X(cudnnGetConvolutionBackwardFilterWorkspaceSize)                            \
  X(cudnnConvolutionBackwardFilter)

} // namespace neve_cudnn

#endif // NEVE_RUNTIME_GPU_CUDNNAPI_H
