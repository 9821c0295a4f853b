//===- Natives.cpp - Device buffers of the core native layer ----*- C++ -*-===//
//
// The device-buffer part of §9.1, which belongs to the core runtime: the
// prelude (libs/std_lib/include.nv) declares these as `proto`s without
// `sys`, so each receives the calling thread's runtime context first
// (unused), then the declared arguments (§3.8): `int` is int32_t, `i64`
// int64_t, `float_pp` a float * to device memory, `float_cpu` a float * to
// host memory, `bf16_pp` / `bf16_cpu` uint16_t *.
//
// Buffers come from the caching allocator (or the temporary arena for the
// *_pool / cupool variants) and all work goes to the calling thread's
// stream, so it is ordered with the thread's launches. The initialisers
// draw their numbers on the host from the runtime's seeded generator (one
// uninterrupted sequence per buffer, the values of n calls of randu/randn,
// so `seed` makes them reproducible) and copy them. Device-to-host
// transfers wait for the thread's earlier work, then for the copy.
// Negative sizes, nil buffers and nil arrays are runtime errors.
//
//===----------------------------------------------------------------------===//

#include "../Core/Random.h"
#include "Driver.h"
#include "Memory.h"

#include "neve/Runtime/neve_runtime.h"

#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace neve_gpu;

namespace {

uint64_t elements(int64_t n, const char *what) {
  if (n < 0)
    fatal(errorSite(),
          std::string(what) + ": negative size " + std::to_string(n));
  if (n > (int64_t(1) << 56))
    fatal(errorSite(),
          std::string(what) + ": size " + std::to_string(n) + " is too large");
  return static_cast<uint64_t>(n);
}

void requireBuffer(const void *p, const char *what, const char *which) {
  if (!p)
    fatal(errorSite(), std::string(what) + ": the " + which + " is nil");
}

void *newDevice(uint64_t bytes, const char *what) {
  return reinterpret_cast<void *>(deviceAlloc(bytes, threadStream(), what));
}

void *newArena(uint64_t bytes, const char *what) {
  return reinterpret_cast<void *>(arenaAlloc(bytes, threadStream(), what));
}

void upload(void *device, const void *host, uint64_t bytes, const char *what) {
  if (bytes == 0)
    return;
  // From pageable memory the driver stages the data before returning, so
  // the host buffer may change or go as soon as this returns. (Captured in
  // a graph, the copy reads the buffer at each replay instead.)
  checkAsync(api().cuMemcpyHtoDAsync(reinterpret_cast<CUdeviceptr>(device),
                                     host, bytes, threadStream()),
             what);
}

void download(void *host, const void *device, uint64_t bytes,
              const char *what) {
  if (threadCapturing())
    fatal(errorSite(), std::string(what) +
                           " waits for the GPU, which is not allowed while "
                           "the thread captures a CUDA graph");
  CUstream s = threadStream();
  const DriverApi &d = api();
  if (bytes > 0)
    checkAsync(d.cuMemcpyDtoHAsync(host, reinterpret_cast<CUdeviceptr>(device),
                                   bytes, s),
               what);
  checkAsync(d.cuStreamSynchronize(s), what);
  streamIdle(s);
}

void fill32(void *device, uint32_t value, uint64_t count, const char *what) {
  if (count == 0)
    return;
  checkAsync(api().cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(device),
                                    value, count, threadStream()),
             what);
}

/// A capture records a host-to-device copy as a node that reads the host
/// memory again at every replay (the driver accepts even pageable memory):
/// the initialisers' scratch is freed at once and an array's storage may be
/// collected, so they refuse to run while the thread captures.
void refuseWhileCapturing(const char *what) {
  if (threadCapturing())
    fatal(errorSite(), std::string(what) +
                           " copies host data that would be gone when the "
                           "graph is replayed: not allowed while the thread "
                           "captures a CUDA graph");
}

void *hostScratch(uint64_t bytes, const char *what) {
  refuseWhileCapturing(what);
  void *p = std::malloc(bytes == 0 ? 1 : bytes);
  if (!p)
    fatal(errorSite(), std::string(what) + ": out of host memory (" +
                           std::to_string(bytes) + " bytes)");
  return p;
}

/// The float randu(a, b) gives for one draw (Host.cpp).
float uniform(neve_rt::RandomDraw &draw, float a, float b) {
  double u = static_cast<double>(draw.next() >> 11) * 0x1p-53;
  float r = static_cast<float>(a + (static_cast<double>(b) - a) * u);
  if ((a < b && r >= b) || (b < a && r <= b))
    r = std::nextafter(b, a);
  return r;
}

/// The float randn(mean, std) gives for two draws (Host.cpp).
float normal(neve_rt::RandomDraw &draw, float mean, float std) {
  double u1 = 1.0 - static_cast<double>(draw.next() >> 11) * 0x1p-53;
  double u2 = static_cast<double>(draw.next() >> 11) * 0x1p-53;
  double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
  return static_cast<float>(mean + static_cast<double>(std) * z);
}

uint16_t toBf16(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if ((bits & 0x7fffffffu) > 0x7f800000u) // NaN: keep it quiet
    return static_cast<uint16_t>((bits >> 16) | 0x40);
  bits += 0x7fffu + ((bits >> 16) & 1u); // round to nearest even
  return static_cast<uint16_t>(bits >> 16);
}

enum class Dist { Uniform, Normal };

/// A new device buffer of \p n floats drawn from U[a, b) or N(a, b).
float *randomDevice(int64_t n, Dist dist, float a, float b, const char *what) {
  uint64_t count = elements(n, what);
  auto *host = static_cast<float *>(hostScratch(count * 4, what));
  {
    neve_rt::RandomDraw draw;
    for (uint64_t i = 0; i < count; ++i)
      host[i] =
          dist == Dist::Uniform ? uniform(draw, a, b) : normal(draw, a, b);
  }
  void *device = newDevice(count * 4, what);
  upload(device, host, count * 4, what);
  std::free(host);
  return static_cast<float *>(device);
}

float xavierBound(int32_t fanA, int32_t fanB, const char *what) {
  if (static_cast<int64_t>(fanA) + fanB <= 0)
    fatal(errorSite(),
          std::string(what) + ": fan_a + fan_b must be positive (" +
              std::to_string(fanA) + " + " + std::to_string(fanB) + ")");
  return static_cast<float>(
      std::sqrt(6.0 / (static_cast<double>(fanA) + fanB)));
}

float fanInScale(int32_t fanIn, double numerator, const char *what) {
  if (fanIn <= 0)
    fatal(errorSite(), std::string(what) + ": fan_in must be positive (" +
                           std::to_string(fanIn) + ")");
  return static_cast<float>(std::sqrt(numerator / fanIn));
}

float *toHost(void *ctx, const float *p, int64_t n, const char *what) {
  uint64_t count = elements(n, what);
  requireBuffer(p, what, "device buffer");
  float *host = cumalloc_host(ctx, static_cast<int64_t>(count * 4));
  download(host, p, count * 4, what);
  return host;
}

} // namespace

//===----------------------------------------------------------------------===//
// The device
//===----------------------------------------------------------------------===//

extern "C" int32_t sm_count(void *ctx) {
  (void)ctx;
  return deviceMultiprocessors();
}

extern "C" int32_t gpu_capability(void *ctx) {
  (void)ctx;
  return deviceCapability();
}

//===----------------------------------------------------------------------===//
// Allocation and initialisers
//===----------------------------------------------------------------------===//

extern "C" float *cumalloc(void *ctx, int64_t bytes) {
  (void)ctx;
  return static_cast<float *>(
      newDevice(elements(bytes, "cumalloc"), "cumalloc"));
}

extern "C" float *zeros_cuda(void *ctx, int32_t n) {
  (void)ctx;
  uint64_t count = elements(n, "zeros_cuda");
  void *p = newDevice(count * 4, "zeros_cuda");
  fill32(p, 0, count, "zeros_cuda");
  return static_cast<float *>(p);
}

extern "C" float *ones_cuda(void *ctx, int32_t n) {
  (void)ctx;
  uint64_t count = elements(n, "ones_cuda");
  void *p = newDevice(count * 4, "ones_cuda");
  fill32(p, 0x3f800000u, count, "ones_cuda"); // 1.0f
  return static_cast<float *>(p);
}

extern "C" float *zeros_cuda_pool(void *ctx, int32_t n) {
  (void)ctx;
  uint64_t count = elements(n, "zeros_cuda_pool");
  void *p = newArena(count * 4, "zeros_cuda_pool");
  fill32(p, 0, count, "zeros_cuda_pool");
  return static_cast<float *>(p);
}

extern "C" float *float_pp_at(void *ctx, float *p, int32_t k) {
  (void)ctx;
  return p + k;
}

extern "C" float *empty_cuda_pool(void *ctx, int32_t n) {
  (void)ctx;
  uint64_t count = elements(n, "empty_cuda_pool");
  return static_cast<float *>(newArena(count * 4, "empty_cuda_pool"));
}

extern "C" float *ones_cuda_pool(void *ctx, int32_t n) {
  (void)ctx;
  uint64_t count = elements(n, "ones_cuda_pool");
  void *p = newArena(count * 4, "ones_cuda_pool");
  fill32(p, 0x3f800000u, count, "ones_cuda_pool"); // 1.0f
  return static_cast<float *>(p);
}

extern "C" float *randu_cuda(void *ctx, int32_t n) {
  (void)ctx;
  return randomDevice(n, Dist::Uniform, 0.0f, 1.0f, "randu_cuda");
}

extern "C" float *xavu_cuda(void *ctx, int32_t n, int32_t fan_a,
                            int32_t fan_b) {
  (void)ctx;
  float bound = xavierBound(fan_a, fan_b, "xavu_cuda");
  return randomDevice(n, Dist::Uniform, -bound, bound, "xavu_cuda");
}

extern "C" float *xavu_relu_cuda(void *ctx, int32_t n, int32_t fan_a,
                                 int32_t fan_b) {
  (void)ctx;
  float bound = xavierBound(fan_a, fan_b, "xavu_relu_cuda") *
                static_cast<float>(std::sqrt(2.0));
  return randomDevice(n, Dist::Uniform, -bound, bound, "xavu_relu_cuda");
}

extern "C" float *kaiming_cuda(void *ctx, int32_t n, int32_t fan_in,
                               int32_t fan_out, float gain) {
  (void)ctx;
  (void)fan_out;
  if (!(gain >= 0.0f) || !std::isfinite(gain))
    fatal(errorSite(), "kaiming_cuda: the gain must be finite and not "
                       "negative, got " +
                           std::to_string(gain));
  float std = fanInScale(fan_in, 2.0, "kaiming_cuda") * gain;
  return randomDevice(n, Dist::Normal, 0.0f, std, "kaiming_cuda");
}

extern "C" float *kaiming_relu_cuda(void *ctx, int32_t n, int32_t fan_in,
                                    int32_t fan_out) {
  (void)ctx;
  (void)fan_out;
  float std = fanInScale(fan_in, 4.0, "kaiming_relu_cuda");
  return randomDevice(n, Dist::Normal, 0.0f, std, "kaiming_relu_cuda");
}

extern "C" float *conv_w_cuda(void *ctx, int32_t n, int32_t fan_in, int32_t a,
                              int32_t b) {
  (void)ctx;
  (void)a;
  (void)b;
  float bound = fanInScale(fan_in, 1.0, "conv_w_cuda");
  return randomDevice(n, Dist::Uniform, -bound, bound, "conv_w_cuda");
}

extern "C" uint16_t *randu_bf16_cuda(void *ctx, int32_t n) {
  (void)ctx;
  const char *what = "randu_bf16_cuda";
  uint64_t count = elements(n, what);
  auto *host = static_cast<uint16_t *>(hostScratch(count * 2, what));
  {
    neve_rt::RandomDraw draw;
    for (uint64_t i = 0; i < count; ++i)
      host[i] = toBf16(uniform(draw, 0.0f, 1.0f));
  }
  void *device = newDevice(count * 2, what);
  upload(device, host, count * 2, what);
  std::free(host);
  return static_cast<uint16_t *>(device);
}

extern "C" uint16_t *empty_bf16_pool(void *ctx, int32_t n) {
  (void)ctx;
  uint64_t count = elements(n, "empty_bf16_pool");
  // rounded up to 4 bytes: arena blocks stay aligned for float views
  return static_cast<uint16_t *>(
      newArena((count * 2 + 3) / 4 * 4, "empty_bf16_pool"));
}

extern "C" uint16_t *zeros_bf16_cuda(void *ctx, int32_t n) {
  (void)ctx;
  const char *what = "zeros_bf16_cuda";
  uint64_t count = elements(n, what);
  void *p = newDevice(count * 2, what);
  if (count > 0)
    checkAsync(api().cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(p), 0,
                                      count, threadStream()),
               what);
  return static_cast<uint16_t *>(p);
}

//===----------------------------------------------------------------------===//
// Transfers
//===----------------------------------------------------------------------===//

extern "C" float *float_pp_cpu(void *ctx, const float *p, int64_t n) {
  return toHost(ctx, p, n, "float_pp_cpu");
}

extern "C" float *device_to_host(void *ctx, const float *p, int64_t n) {
  return toHost(ctx, p, n, "device_to_host");
}

extern "C" int32_t host_to_device(void *ctx, const float *h, float *p,
                                  int64_t n) {
  (void)ctx;
  const char *what = "host_to_device";
  uint64_t count = elements(n, what);
  requireBuffer(h, what, "host buffer");
  requireBuffer(p, what, "device buffer");
  upload(p, h, count * 4, what);
  return 0;
}

extern "C" float *float_cpu_cuda(void *ctx, const float *h, int32_t n) {
  (void)ctx;
  const char *what = "float_cpu_cuda";
  uint64_t count = elements(n, what);
  requireBuffer(h, what, "host buffer");
  void *p = newDevice(count * 4, what);
  upload(p, h, count * 4, what);
  return static_cast<float *>(p);
}

extern "C" float *float_cpu_cupool(void *ctx, const float *h, int32_t n) {
  (void)ctx;
  const char *what = "float_cpu_cupool";
  uint64_t count = elements(n, what);
  requireBuffer(h, what, "host buffer");
  void *p = newArena(count * 4, what);
  upload(p, h, count * 4, what);
  return static_cast<float *>(p);
}

extern "C" neve_array *float_pp_to_array(void *ctx, const float *p, int32_t n) {
  (void)ctx;
  const char *what = "float_pp_to_array";
  uint64_t count = elements(n, what);
  requireBuffer(p, what, "device buffer");
  neve_array *a = neve_array_new_atomic(4, static_cast<int64_t>(count));
  download(a->data, p, count * 4, what);
  return a;
}

extern "C" uint16_t *bf16_cpu_cuda(void *ctx, const uint16_t *h, int32_t n) {
  (void)ctx;
  const char *what = "bf16_cpu_cuda";
  uint64_t count = elements(n, what);
  requireBuffer(h, what, "host buffer");
  void *p = newDevice(count * 2, what);
  upload(p, h, count * 2, what);
  return static_cast<uint16_t *>(p);
}

extern "C" uint16_t *bf16_pp_cpu(void *ctx, const uint16_t *p, int64_t n) {
  const char *what = "bf16_pp_cpu";
  uint64_t count = elements(n, what);
  requireBuffer(p, what, "device buffer");
  auto *host = reinterpret_cast<uint16_t *>(
      cumalloc_host(ctx, static_cast<int64_t>(count * 2)));
  download(host, p, count * 2, what);
  return host;
}

extern "C" float *neve_to_cuda(void *ctx, const neve_array *xs) {
  (void)ctx;
  const char *what = "to_cuda";
  if (!xs)
    fatal(errorSite(), "to_cuda: the array is nil");
  refuseWhileCapturing(what);
  if (xs->elem_size != 4)
    fatal(errorSite(), "to_cuda: expected an array<float> (4-byte elements), "
                       "got " +
                           std::to_string(xs->elem_size) + "-byte elements");
  uint64_t count = static_cast<uint64_t>(xs->size);
  void *p = newDevice(count * 4, what);
  upload(p, xs->data, count * 4, what);
  return static_cast<float *>(p);
}
