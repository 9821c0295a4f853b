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
// The runtime remembers every buffer cumalloc_host made (its start and
// size), so a native handed a float_cpu (perhaps `h offby k`, an interior
// pointer) can ask how many bytes lie after it (neve_host_bytes_after) and
// refuse to write past the end: load_img, cifar_read. Pinned buffers
// (neve_gpu_host_alloc, GPU/DeviceMemory.cpp) are remembered too. Programs free these
// buffers with libc's free, which the runtime does not see, so an entry may
// outlive its buffer; a new buffer overlapping a stale entry replaces it,
// which keeps the table no larger than the set of addresses ever returned.
// Only a dangling pointer (already undefined behaviour) can hit a stale one.
//
//===----------------------------------------------------------------------===//

#include "HostBuffers.h"

#include "neve/Runtime/neve_runtime.h"

#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <map>
#include <mutex>

namespace {

/// The buffers cumalloc_host returned: start address -> size in bytes.
/// Never destroyed: threads may still allocate while the process exits.
struct Registry {
  std::mutex lock;
  std::map<uintptr_t, uint64_t> buffers;
};

Registry &registry() {
  static Registry *r = new Registry;
  return *r;
}

/// The end of a buffer for overlap tests: a 0-byte buffer still owns the
/// byte cumalloc_host allocated for it.
uintptr_t endOf(std::map<uintptr_t, uint64_t>::const_iterator it) {
  return it->first + (it->second ? it->second : 1);
}

} // namespace

void neve_rt::rememberHostBuffer(const void *p, uint64_t bytes) {
  Registry &r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  uintptr_t begin = reinterpret_cast<uintptr_t>(p);
  uintptr_t end = begin + (bytes ? bytes : 1);
  // Entries overlapping [begin, end) were freed (with libc's free) and
  // their memory reused: forget them.
  auto it = r.buffers.lower_bound(begin);
  if (it != r.buffers.begin() && endOf(std::prev(it)) > begin)
    --it;
  while (it != r.buffers.end() && it->first < end)
    it = r.buffers.erase(it);
  r.buffers.emplace(begin, bytes);
}

void neve_rt::forgetHostBuffer(const void *p) {
  Registry &r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  r.buffers.erase(reinterpret_cast<uintptr_t>(p));
}

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
  neve_rt::rememberHostBuffer(p, static_cast<uint64_t>(bytes));
  return static_cast<float *>(p);
}

extern "C" int64_t neve_host_bytes_after(const void *p) {
  if (!p)
    return -1;
  Registry &r = registry();
  std::lock_guard<std::mutex> guard(r.lock);
  uintptr_t at = reinterpret_cast<uintptr_t>(p);
  // The last buffer starting at or before p; p may be one past its end (a
  // slice with no room left) but no further.
  auto it = r.buffers.upper_bound(at);
  if (it == r.buffers.begin())
    return -1;
  --it;
  uintptr_t end = it->first + it->second;
  if (at > end)
    return -1;
  return static_cast<int64_t>(end - at);
}

extern "C" int32_t float_cpu_print(void *ctx, const float *buf,
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
  return 0;
}
