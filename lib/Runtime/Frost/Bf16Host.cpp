//===- Bf16Host.cpp - bf16 host buffers: print and save ---------*- C++ -*-===//
//
// The bf16 host natives of §9.1 that the prelude declares:
//   bf16_cpu_print(bf16_cpu, array<int> dims)   prints like float_cpu_print
//   bf16_cpu_save(bf16_cpu, int n, str path)    writes n raw bf16 values
//   bf16_pp_save(bf16_pp, int n, str path)      the same from device memory
// The saved file is the little-endian bf16 bit patterns, nothing else (what
// numpy's `fromfile(dtype=uint16)` reads back).
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

float fromBf16(uint16_t b) {
  uint32_t bits = uint32_t(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

void save(const uint16_t *h, int32_t n, const neve_str *p, const char *what) {
  if (!p)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the path is nil", what);
  std::string path(p->data, size_t(p->size));
  if (n < 0)
    neve_rt_errorf("<runtime>", 0, 0, "%s: %s: negative size %d", what,
                   path.c_str(), n);
  if (n > 0 && !h)
    neve_rt_errorf("<runtime>", 0, 0, "%s: %s: the buffer is nil", what,
                   path.c_str());
  FILE *f = std::fopen(path.c_str(), "wb");
  if (!f)
    neve_rt_errorf("<runtime>", 0, 0, "%s: %s: cannot open for writing: %s",
                   what, path.c_str(), std::strerror(errno));
  size_t wrote = n ? std::fwrite(h, 2, size_t(n), f) : 0;
  bool ok = wrote == size_t(n);
  ok = (std::fclose(f) == 0) && ok;
  if (!ok)
    neve_rt_errorf("<runtime>", 0, 0, "%s: %s: write failed: %s", what,
                   path.c_str(), std::strerror(errno));
}

} // namespace

extern "C" int32_t bf16_cpu_print(void *ctx, const uint16_t *h,
                                  const neve_array *shape) {
  if (!shape)
    neve_rt_error("<runtime>", 0, 0, "bf16_cpu_print: the shape is nil");
  int64_t count = 1;
  const int32_t *dims = static_cast<const int32_t *>(shape->data);
  for (int64_t d = 0; d < shape->size; ++d)
    count *= dims[d] < 0 ? 0 : dims[d];
  if (count > 0 && !h)
    neve_rt_error("<runtime>", 0, 0, "bf16_cpu_print: the buffer is nil");
  std::vector<float> f(size_t(count > 0 ? count : 0));
  for (int64_t i = 0; i < count; ++i)
    f[size_t(i)] = fromBf16(h[i]);
  return float_cpu_print(ctx, f.data(), shape);
}

extern "C" int32_t bf16_cpu_save(void *ctx, const uint16_t *h, int32_t n,
                                 const neve_str *path) {
  (void)ctx;
  save(h, n, path, "bf16_cpu_save");
  return 0;
}

extern "C" int32_t bf16_pp_save(void *ctx, const uint16_t *p, int32_t n,
                                const neve_str *path) {
  if (n < 0)
    neve_rt_errorf("<runtime>", 0, 0, "bf16_pp_save: negative size %d", n);
  const uint16_t *h = n ? bf16_pp_cpu(ctx, p, n) : nullptr;
  save(h, n, path, "bf16_pp_save");
  std::free(const_cast<uint16_t *>(h));
  return 0;
}
