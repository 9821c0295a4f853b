//===- Split.cpp - Split arguments of asyncs --------------------*- C++ -*-===//
//
// `>xs` and `:xs` in an `asyncs` body (language reference §6.8.2): thread t
// of n gets a new array (same element size and kind as xs, the elements
// copied) holding its share. `>xs` is contiguous: with len elements and
// c = ceil(len / n), indices [t*c, min(len, (t+1)*c)), possibly none. `:xs`
// is strided: t, t+n, t+2n, .... A nil xs is a runtime error "member access
// through nil"; n <= 0 or t outside [0, n) gives an empty share.
//
//===----------------------------------------------------------------------===//

#include "../Core/ArrayInternal.h"

#include <cstring>

namespace {

neve_array *share(const neve_array *xs, int64_t length) {
  return neve_rt::newArray(xs->elem_size, length, xs->atomic != 0);
}

} // namespace

extern "C" neve_array *neve_array_split_chunk(neve_array *xs, int64_t t,
                                              int64_t n) {
  neve_rt::checkNotNil(xs, "<runtime>", 0, 0);
  int64_t len = xs->size;
  if (n <= 0 || t < 0 || t >= n || len == 0)
    return share(xs, 0);
  int64_t c = len / n + (len % n != 0);
  // t < n, so t * c < n * c < len + n: no overflow for any array size.
  int64_t start = t * c < len ? t * c : len;
  int64_t end = len - start > c ? start + c : len;
  neve_array *out = share(xs, end - start);
  if (end > start)
    std::memcpy(out->data,
                static_cast<const char *>(xs->data) + start * xs->elem_size,
                static_cast<size_t>((end - start) * xs->elem_size));
  return out;
}

extern "C" neve_array *neve_array_split_stride(neve_array *xs, int64_t t,
                                               int64_t n) {
  neve_rt::checkNotNil(xs, "<runtime>", 0, 0);
  int64_t len = xs->size;
  if (n <= 0 || t < 0 || t >= n || t >= len)
    return share(xs, 0);
  int64_t count = (len - t - 1) / n + 1;
  neve_array *out = share(xs, count);
  int64_t es = xs->elem_size;
  const char *src = static_cast<const char *>(xs->data) + t * es;
  char *dst = static_cast<char *>(out->data);
  if (es == 4) {
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(dst + i * 4, src + i * n * 4, 4);
  } else if (es == 8) {
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(dst + i * 8, src + i * n * 8, 8);
  } else {
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(dst + i * es, src + i * n * es, static_cast<size_t>(es));
  }
  return out;
}
