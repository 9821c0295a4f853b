//===- HostBuffers.cpp - Host buffers of the native layer -------*- C++ -*-===//
//
// The host-side part of the core native layer (spec §9.1) that the prelude's
// CPU `tensor` (§4.4) uses: `cumalloc_host`, which allocates a `float_cpu`
// buffer, and `float_cpu_print`, which prints one nested by a shape. Both
// are `proto`s without `sys`, so they follow the C ABI of §3.8: the calling
// thread's runtime context comes first (unused here).
//
// A float_cpu buffer is ordinary malloc'ed memory, not collected (§4.3): the
// garbage collector neither scans nor frees it.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <cstdint>
#include <cstdlib>

namespace {

/// Prints the elements of \p data (laid out row-major by \p dims) from
/// dimension \p dim on, one bracketed list per dimension.
void printNested(const float *data, const int32_t *dims, int64_t rank,
                 int64_t dim, int64_t &next) {
  if (dim == rank) {
    neve_print_f32(data[next++]);
    return;
  }
  neve_print_char('[');
  for (int32_t i = 0; i < dims[dim]; ++i) {
    if (i > 0)
      neve_print_cstr(", ");
    printNested(data, dims, rank, dim + 1, next);
  }
  neve_print_char(']');
}

} // namespace

extern "C" float *cumalloc_host(void *ctx, int64_t bytes) {
  (void)ctx;
  if (bytes < 0)
    neve_rt_errorf("<runtime>", 0, 0, "cumalloc_host: negative size %lld bytes",
                   static_cast<long long>(bytes));
  void *p = nullptr;
  // 64-byte alignment (a cache line, the widest vector loads); at least one
  // byte so that every call returns a distinct, non-null buffer.
  size_t size = bytes == 0 ? 1 : static_cast<size_t>(bytes);
  if (posix_memalign(&p, 64, size) != 0 || !p)
    neve_rt_errorf("<runtime>", 0, 0,
                   "cumalloc_host: out of host memory (%lld bytes)",
                   static_cast<long long>(bytes));
  return static_cast<float *>(p);
}

extern "C" void float_cpu_print(void *ctx, const float *buf,
                                const neve_array *shape) {
  (void)ctx;
  if (!shape)
    neve_rt_error("<runtime>", 0, 0, "float_cpu_print: the shape is nil");
  const int32_t *dims = static_cast<const int32_t *>(shape->data);
  int64_t rank = shape->size;
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (dims[d] < 0)
      neve_rt_errorf("<runtime>", 0, 0,
                     "float_cpu_print: negative dimension %d in the shape",
                     dims[d]);
    count *= dims[d];
  }
  if (count > 0 && !buf)
    neve_rt_error("<runtime>", 0, 0, "float_cpu_print: the buffer is nil");
  int64_t next = 0;
  printNested(buf, dims, rank, 0, next);
  neve_print_end(true);
}
