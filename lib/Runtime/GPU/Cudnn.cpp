//===- Cudnn.cpp - cuDNN convolutions for Frost's Conv2d --------*- C++ -*-===//
//
// Frost's cuDNN path (frost/nn.nv, Conv2d with backend "cudnn"): float32
// NCHW convolutions with a [cout, cin, kh, kw] filter, forward and both
// backward products, the backward ones accumulating (beta = 1) into the
// gradients Frost hands in. cuDNN is loaded at run time like the driver:
// dlopen of $NEVE_CUDNN_LIBRARY, else libcudnn.so.9 (for PyTorch's copy,
// point the variable at site-packages/nvidia/cudnn/lib/libcudnn.so.9). A
// program that never asks for cuDNN never opens it.
//
// Per thread: one cuDNN handle bound to the thread's stream, and a cache of
// descriptors and algorithms per problem shape (cudnnGet*_v7 heuristics).
// By default tensor-op math is allowed, so on tensor-core GPUs cuDNN may
// compute in TF32, as PyTorch's default for convolutions
// (torch.backends.cudnn.allow_tf32) does; conv2d_cudnn_allow_tf32(false)
// restricts it to float32 FMA kernels. Workspaces come from the temporary
// arena, so they live until the step's tarena_reset.
//
// The types and constants below are the subset of cudnn.h (cuDNN 9) used;
// test/unit/CudnnApiCheckTest.cpp checks them against the real header.
//
//===----------------------------------------------------------------------===//

#include "CudnnApi.h"
#include "Driver.h"
#include "Memory.h"

#include "neve/Runtime/neve_runtime.h"


#include <atomic>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

using namespace neve_gpu;
using namespace neve_cudnn;

namespace {

struct CudnnApi {
#define NEVE_CUDNN_FIELD(name) PFN_##name name = nullptr;
  NEVE_CUDNN_ENTRY_POINTS(NEVE_CUDNN_FIELD)
#undef NEVE_CUDNN_FIELD
};

const CudnnApi &cudnn() {
  static CudnnApi api;
  static std::once_flag once;
  std::call_once(once, [] {
    std::string name;
    void *lib = openLibrary(
        "NEVE_CUDNN_LIBRARY", "libcudnn.so.9",
        "Conv2d with the cuDNN backend: cannot load cuDNN",
        "install cuDNN 9 or set NEVE_CUDNN_LIBRARY to its libcudnn.so.9", name);
#define NEVE_CUDNN_LOAD(fn)                                                    \
  api.fn = reinterpret_cast<PFN_##fn>(librarySymbol(lib, #fn, "cuDNN", name));
    NEVE_CUDNN_ENTRY_POINTS(NEVE_CUDNN_LOAD)
#undef NEVE_CUDNN_LOAD
  });
  return api;
}

void ok(cudnnStatus_t s, const char *what) {
  if (s != CUDNN_STATUS_SUCCESS)
    fatal(errorSite(), std::string("cuDNN: ") + what + " failed: " +
                           cudnn().cudnnGetErrorString(s));
}

std::atomic<bool> allowTf32{true};

using Key = std::tuple<int, int, int, int, int, int, int, int, int, bool>;

struct Plan {
  cudnnTensorDescriptor_t x = nullptr, y = nullptr;
  cudnnFilterDescriptor_t w = nullptr;
  cudnnConvolutionDescriptor_t conv = nullptr;
  int fwd = 0, bwdData = 0, bwdFilter = 0;
  size_t fwdBytes = 0, bwdDataBytes = 0, bwdFilterBytes = 0;
};

struct ThreadState {
  cudnnHandle_t handle = nullptr;
  CUstream stream = nullptr;
  std::map<Key, Plan> plans;
};

thread_local ThreadState state;

cudnnHandle_t handle() {
  CUstream s = threadStream();
  if (!state.handle)
    ok(cudnn().cudnnCreate(&state.handle), "cudnnCreate");
  if (state.stream != s) {
    ok(cudnn().cudnnSetStream(state.handle, s), "cudnnSetStream");
    state.stream = s;
  }
  return state.handle;
}

/// The descriptors and algorithms of one problem, made on first use.
const Plan &plan(int n, int cin, int h, int w, int cout, int kh, int kw,
                 int stride, int pad) {
  bool tf32 = allowTf32.load();
  Key key{n, cin, h, w, cout, kh, kw, stride, pad, tf32};
  auto it = state.plans.find(key);
  if (it != state.plans.end())
    return it->second;
  const CudnnApi &a = cudnn();
  cudnnHandle_t hd = handle();
  Plan p;
  ok(a.cudnnCreateTensorDescriptor(&p.x), "cudnnCreateTensorDescriptor");
  ok(a.cudnnCreateTensorDescriptor(&p.y), "cudnnCreateTensorDescriptor");
  ok(a.cudnnCreateFilterDescriptor(&p.w), "cudnnCreateFilterDescriptor");
  ok(a.cudnnCreateConvolutionDescriptor(&p.conv),
     "cudnnCreateConvolutionDescriptor");
  ok(a.cudnnSetTensor4dDescriptor(p.x, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n,
                                  cin, h, w),
     "cudnnSetTensor4dDescriptor (input)");
  ok(a.cudnnSetFilter4dDescriptor(p.w, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW,
                                  cout, cin, kh, kw),
     "cudnnSetFilter4dDescriptor");
  ok(a.cudnnSetConvolution2dDescriptor(p.conv, pad, pad, stride, stride, 1, 1,
                                       CUDNN_CROSS_CORRELATION,
                                       CUDNN_DATA_FLOAT),
     "cudnnSetConvolution2dDescriptor");
  ok(a.cudnnSetConvolutionMathType(
         p.conv, tf32 ? CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION : CUDNN_FMA_MATH),
     "cudnnSetConvolutionMathType");
  int on = 0, oc = 0, oh = 0, ow = 0;
  ok(a.cudnnGetConvolution2dForwardOutputDim(p.conv, p.x, p.w, &on, &oc, &oh,
                                             &ow),
     "cudnnGetConvolution2dForwardOutputDim");
  ok(a.cudnnSetTensor4dDescriptor(p.y, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, on,
                                  oc, oh, ow),
     "cudnnSetTensor4dDescriptor (output)");
  int got = 0;
  cudnnConvolutionFwdAlgoPerf_t fwd[8];
  ok(a.cudnnGetConvolutionForwardAlgorithm_v7(hd, p.x, p.w, p.conv, p.y, 8,
                                              &got, fwd),
     "cudnnGetConvolutionForwardAlgorithm_v7");
  p.fwd = got > 0 ? fwd[0].algo : 0;
  ok(a.cudnnGetConvolutionForwardWorkspaceSize(hd, p.x, p.w, p.conv, p.y,
                                               p.fwd, &p.fwdBytes),
     "cudnnGetConvolutionForwardWorkspaceSize");
  cudnnConvolutionBwdDataAlgoPerf_t bd[8];
  ok(a.cudnnGetConvolutionBackwardDataAlgorithm_v7(hd, p.w, p.y, p.conv, p.x,
                                                   8, &got, bd),
     "cudnnGetConvolutionBackwardDataAlgorithm_v7");
  p.bwdData = got > 0 ? bd[0].algo : 0;
  ok(a.cudnnGetConvolutionBackwardDataWorkspaceSize(hd, p.w, p.y, p.conv, p.x,
                                                    p.bwdData, &p.bwdDataBytes),
     "cudnnGetConvolutionBackwardDataWorkspaceSize");
  cudnnConvolutionBwdFilterAlgoPerf_t bf[8];
  ok(a.cudnnGetConvolutionBackwardFilterAlgorithm_v7(hd, p.x, p.y, p.conv, p.w,
                                                     8, &got, bf),
     "cudnnGetConvolutionBackwardFilterAlgorithm_v7");
  p.bwdFilter = got > 0 ? bf[0].algo : 0;
  ok(a.cudnnGetConvolutionBackwardFilterWorkspaceSize(
         hd, p.x, p.y, p.conv, p.w, p.bwdFilter, &p.bwdFilterBytes),
     "cudnnGetConvolutionBackwardFilterWorkspaceSize");
  return state.plans.emplace(key, p).first->second;
}

void *workspace(size_t bytes) {
  if (bytes == 0)
    return nullptr;
  return reinterpret_cast<void *>(
      arenaAlloc(bytes, threadStream(), "cuDNN workspace"));
}

void checkShape(int n, int cin, int h, int w, int cout, int kh, int kw,
                int stride, int pad) {
  if (n <= 0 || cin <= 0 || h <= 0 || w <= 0 || cout <= 0 || kh <= 0 ||
      kw <= 0 || stride <= 0 || pad < 0 || h + 2 * pad < kh ||
      w + 2 * pad < kw)
    fatal(errorSite(), "conv2d (cuDNN): bad shape: input [" +
                           std::to_string(n) + ", " + std::to_string(cin) +
                           ", " + std::to_string(h) + ", " +
                           std::to_string(w) + "], filter [" +
                           std::to_string(cout) + ", " + std::to_string(cin) +
                           ", " + std::to_string(kh) + ", " +
                           std::to_string(kw) + "], stride " +
                           std::to_string(stride) + ", padding " +
                           std::to_string(pad));
}

} // namespace

extern "C" void conv2d_cudnn_allow_tf32(void *ctx, bool allow) {
  (void)ctx;
  allowTf32.store(allow);
}

extern "C" void conv2d_cudnn_forward(void *ctx, float *y, const float *x,
                                     const float *w, int32_t n, int32_t cin,
                                     int32_t h, int32_t wd, int32_t cout,
                                     int32_t k, int32_t stride, int32_t pad) {
  (void)ctx;
  checkShape(n, cin, h, wd, cout, k, k, stride, pad);
  const Plan &p = plan(n, cin, h, wd, cout, k, k, stride, pad);
  float alpha = 1.0f, beta = 0.0f;
  ok(cudnn().cudnnConvolutionForward(handle(), &alpha, p.x, x, p.w, w, p.conv,
                                     p.fwd, workspace(p.fwdBytes), p.fwdBytes,
                                     &beta, p.y, y),
     "cudnnConvolutionForward");
}

extern "C" void conv2d_cudnn_backward_data(void *ctx, float *dx,
                                           const float *dy, const float *w,
                                           int32_t n, int32_t cin, int32_t h,
                                           int32_t wd, int32_t cout, int32_t k,
                                           int32_t stride, int32_t pad) {
  (void)ctx;
  checkShape(n, cin, h, wd, cout, k, k, stride, pad);
  const Plan &p = plan(n, cin, h, wd, cout, k, k, stride, pad);
  float alpha = 1.0f, beta = 1.0f;
  ok(cudnn().cudnnConvolutionBackwardData(
         handle(), &alpha, p.w, w, p.y, dy, p.conv, p.bwdData,
         workspace(p.bwdDataBytes), p.bwdDataBytes, &beta, p.x, dx),
     "cudnnConvolutionBackwardData");
}

extern "C" void conv2d_cudnn_backward_filter(void *ctx, float *dw,
                                             const float *dy, const float *x,
                                             int32_t n, int32_t cin, int32_t h,
                                             int32_t wd, int32_t cout,
                                             int32_t k, int32_t stride,
                                             int32_t pad) {
  (void)ctx;
  checkShape(n, cin, h, wd, cout, k, k, stride, pad);
  const Plan &p = plan(n, cin, h, wd, cout, k, k, stride, pad);
  float alpha = 1.0f, beta = 1.0f;
  ok(cudnn().cudnnConvolutionBackwardFilter(
         handle(), &alpha, p.x, x, p.y, dy, p.conv, p.bwdFilter,
         workspace(p.bwdFilterBytes), p.bwdFilterBytes, &beta, p.w, dw),
     "cudnnConvolutionBackwardFilter");
}
