//===- Array.cpp - array<T> operations --------------------------*- C++ -*-===//
//
// The runtime side of `array<T>` (language reference §4.2, §5.2, §5.3, §7);
// the ABI is described in neve_runtime.h. An array is a GC-allocated header
// pointing at GC-allocated storage of `capacity` elements of `elem_size` raw
// bytes; appends double the storage when it is full. Errors (nil, an index
// out of range) go through neve_rt_error(f), which reports them at the Neve
// source location and ends the program with status 1. Printing goes through
// the print line buffer (Print.cpp) and number formatting (Format.cpp), so
// an array's line is written in one piece, like any printed line.
//
//===----------------------------------------------------------------------===//

#include "ArrayInternal.h"
#include "Random.h"

#include <gc.h>

#include <cstring>
#include <type_traits>

using neve_rt::checkNotNil;

namespace {

[[noreturn]] void outOfMemory() {
  neve_rt_error("<runtime>", 0, 0, "out of memory");
}

/// Bytes for \p count elements of \p elemSize bytes, or an out-of-memory
/// error when that overflows.
size_t byteCount(int64_t count, int64_t elemSize) {
  size_t bytes;
  if (__builtin_mul_overflow(static_cast<size_t>(count),
                             static_cast<size_t>(elemSize), &bytes))
    outOfMemory();
  return bytes;
}

/// Zero-filled storage for \p capacity elements (null when it is 0). With
/// \p zero false, atomic storage is left uninitialised (for growth, where
/// every element is copied or appended before it is read).
void *allocStorage(int64_t capacity, int64_t elemSize, bool atomic,
                   bool zero = true) {
  if (capacity == 0)
    return nullptr;
  size_t bytes = byteCount(capacity, elemSize);
  void *data = atomic ? GC_MALLOC_ATOMIC(bytes) : GC_MALLOC(bytes);
  if (!data)
    outOfMemory();
  if (atomic && zero) // GC_MALLOC clears; GC_MALLOC_ATOMIC does not.
    std::memset(data, 0, bytes);
  return data;
}

inline char *elemAddr(const neve_array *a, int64_t i) {
  return static_cast<char *>(a->data) + i * a->elem_size;
}

/// Checks the element size of a typed operation (sum_i32 on an i32 array).
void checkElemSize(const neve_array *a, int64_t expected, const char *file,
                   int32_t line, int32_t col) {
  if (a->elem_size != expected)
    neve_rt_errorf(file, line, col,
                   "array element size %lld does not match the operation "
                   "(%lld expected)",
                   static_cast<long long>(a->elem_size),
                   static_cast<long long>(expected));
}

/// Reads element \p i as a \p T (memcpy: elements are raw bytes).
template <typename T> T load(const neve_array *a, int64_t i) {
  T v;
  std::memcpy(&v, elemAddr(a, i), sizeof(T));
  return v;
}

/// Wrapping integer and plain float addition and multiplication.
template <typename T> T add(T x, T y) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(x) + static_cast<U>(y));
  } else {
    return x + y;
  }
}
template <typename T> T mul(T x, T y) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(x) * static_cast<U>(y));
  } else {
    return x * y;
  }
}

template <typename T, bool Product>
T fold(const neve_array *a, const char *file, int32_t line, int32_t col) {
  checkNotNil(a, file, line, col);
  checkElemSize(a, sizeof(T), file, line, col);
  T acc = Product ? T(1) : T(0);
  for (int64_t i = 0; i < a->size; ++i)
    acc = Product ? mul(acc, load<T>(a, i)) : add(acc, load<T>(a, i));
  return acc;
}

template <typename T, bool Product>
neve_array *scan(const neve_array *a, const char *file, int32_t line,
                 int32_t col) {
  checkNotNil(a, file, line, col);
  checkElemSize(a, sizeof(T), file, line, col);
  neve_array *out = neve_rt::newArray(sizeof(T), a->size, true);
  T acc = Product ? T(1) : T(0);
  for (int64_t i = 0; i < a->size; ++i) {
    acc = Product ? mul(acc, load<T>(a, i)) : add(acc, load<T>(a, i));
    std::memcpy(elemAddr(out, i), &acc, sizeof(T));
  }
  return out;
}

/// Writes `[e0, e1, …]` and ends the line, \p printElem appending element i.
template <typename PrintElem>
void printArray(const neve_array *a, int64_t elemSize, const char *file,
                int32_t line, int32_t col, PrintElem printElem) {
  checkNotNil(a, file, line, col);
  checkElemSize(a, elemSize, file, line, col);
  neve_print_cstr("[");
  for (int64_t i = 0; i < a->size; ++i) {
    if (i > 0)
      neve_print_cstr(", ");
    printElem(i);
  }
  neve_print_cstr("]");
  neve_print_end(true);
}

/// Makes room for at least \p needed elements, doubling the storage.
void reserve(neve_array *a, int64_t needed) {
  if (needed <= a->capacity)
    return;
  int64_t newCapacity = a->capacity < 4 ? 4 : a->capacity;
  while (newCapacity < needed) {
    if (newCapacity > INT64_MAX / 2)
      outOfMemory();
    newCapacity *= 2;
  }
  // Elements past `size` are written by append before they are read.
  void *newData = allocStorage(newCapacity, a->elem_size, a->atomic != 0,
                               /*zero=*/false);
  if (a->size > 0)
    std::memcpy(newData, a->data, byteCount(a->size, a->elem_size));
  a->data = newData;
  a->capacity = newCapacity;
}

} // namespace

neve_array *neve_rt::newArray(int64_t elemSize, int64_t length, bool atomic) {
  if (elemSize <= 0)
    neve_rt_errorf("<runtime>", 0, 0, "invalid array element size %lld",
                   static_cast<long long>(elemSize));
  if (length < 0)
    length = 0;
  auto *a = static_cast<neve_array *>(GC_MALLOC(sizeof(neve_array)));
  if (!a)
    outOfMemory();
  a->data = allocStorage(length, elemSize, atomic);
  a->size = length;
  a->capacity = length;
  a->elem_size = elemSize;
  a->atomic = atomic ? 1 : 0;
  return a;
}

extern "C" neve_array *neve_array_new(int64_t elem_size, int64_t length) {
  return neve_rt::newArray(elem_size, length, false);
}

extern "C" neve_array *neve_array_new_atomic(int64_t elem_size,
                                             int64_t length) {
  return neve_rt::newArray(elem_size, length, true);
}

extern "C" int64_t neve_array_size(const neve_array *a, const char *file,
                                   int32_t line, int32_t col) {
  checkNotNil(a, file, line, col);
  return a->size;
}

extern "C" void neve_fixed_index_error(int64_t index, int64_t size,
                                       const char *file, int32_t line,
                                       int32_t col) {
  neve_rt_errorf(file, line, col,
                 "index %lld out of range for a fixed array of size %lld",
                 static_cast<long long>(index), static_cast<long long>(size));
}

extern "C" void *neve_array_at(neve_array *a, int64_t index, const char *file,
                               int32_t line, int32_t col) {
  checkNotNil(a, file, line, col);
  int64_t i = index < 0 ? index + a->size : index;
  if (i < 0 || i >= a->size)
    neve_rt_errorf(file, line, col,
                   "index %lld out of range for array of size %lld",
                   static_cast<long long>(index),
                   static_cast<long long>(a->size));
  return elemAddr(a, i);
}

extern "C" void neve_array_append(neve_array *a, const void *elem,
                                  const char *file, int32_t line,
                                  int32_t col) {
  checkNotNil(a, file, line, col);
  if (a->size == a->capacity) {
    // \p elem may point into the old storage (a.append(a[0])): copy it first.
    char copy[64];
    char *saved = copy;
    if (a->elem_size > static_cast<int64_t>(sizeof(copy))) {
      saved = static_cast<char *>(GC_MALLOC_ATOMIC(a->elem_size));
      if (!saved)
        outOfMemory();
    }
    std::memcpy(saved, elem, a->elem_size);
    reserve(a, a->size + 1);
    std::memcpy(elemAddr(a, a->size), saved, a->elem_size);
  } else {
    std::memmove(elemAddr(a, a->size), elem, a->elem_size);
  }
  ++a->size;
}

extern "C" void neve_array_clear(neve_array *a, const char *file, int32_t line,
                                 int32_t col) {
  checkNotNil(a, file, line, col);
  // Zeroing keeps the collector from retaining what the old elements held.
  if (a->size > 0)
    std::memset(a->data, 0, byteCount(a->size, a->elem_size));
  a->size = 0;
}

extern "C" neve_array *neve_array_slice(const neve_array *a, int64_t start,
                                        int64_t end, const char *file,
                                        int32_t line, int32_t col) {
  checkNotNil(a, file, line, col);
  int64_t n = a->size;
  auto normalise = [n](int64_t b) {
    if (b < 0)
      b += n; // no overflow: n >= 0
    if (b < 0)
      return int64_t(0);
    return b > n ? n : b;
  };
  int64_t s = normalise(start), e = normalise(end);
  int64_t count = e > s ? e - s : 0;
  neve_array *out = neve_rt::newArray(a->elem_size, count, a->atomic != 0);
  if (count > 0)
    std::memcpy(out->data, elemAddr(a, s), byteCount(count, a->elem_size));
  return out;
}

extern "C" void neve_array_shuffle(neve_array *a, const char *file,
                                   int32_t line, int32_t col) {
  checkNotNil(a, file, line, col);
  if (a->size < 2)
    return;
  int64_t es = a->elem_size;
  char small[64];
  char *tmp = small;
  if (es > static_cast<int64_t>(sizeof(small))) {
    tmp = static_cast<char *>(GC_MALLOC_ATOMIC(es));
    if (!tmp)
      outOfMemory();
  }
  neve_rt::RandomDraw draw;
  for (int64_t i = a->size - 1; i > 0; --i) {
    int64_t j = static_cast<int64_t>(draw.below(static_cast<uint64_t>(i) + 1));
    if (j == i)
      continue;
    std::memcpy(tmp, elemAddr(a, i), es);
    std::memcpy(elemAddr(a, i), elemAddr(a, j), es);
    std::memcpy(elemAddr(a, j), tmp, es);
  }
}

#define NEVE_FOLDS(SUFFIX, T)                                                  \
  extern "C" T neve_array_sum_##SUFFIX(const neve_array *a, const char *file,  \
                                       int32_t line, int32_t col) {            \
    return fold<T, false>(a, file, line, col);                                 \
  }                                                                            \
  extern "C" T neve_array_prod_##SUFFIX(const neve_array *a, const char *file, \
                                        int32_t line, int32_t col) {           \
    return fold<T, true>(a, file, line, col);                                  \
  }                                                                            \
  extern "C" neve_array *neve_array_scan_sum_##SUFFIX(                         \
      const neve_array *a, const char *file, int32_t line, int32_t col) {      \
    return scan<T, false>(a, file, line, col);                                 \
  }                                                                            \
  extern "C" neve_array *neve_array_scan_prod_##SUFFIX(                        \
      const neve_array *a, const char *file, int32_t line, int32_t col) {      \
    return scan<T, true>(a, file, line, col);                                  \
  }

NEVE_FOLDS(i32, int32_t)
NEVE_FOLDS(i64, int64_t)
NEVE_FOLDS(f32, float)

#undef NEVE_FOLDS

extern "C" void neve_array_print_i8(const neve_array *a, const char *file,
                                    int32_t line, int32_t col) {
  printArray(a, 1, file, line, col,
             [a](int64_t i) { neve_print_i64(load<int8_t>(a, i)); });
}

extern "C" void neve_array_print_i16(const neve_array *a, const char *file,
                                     int32_t line, int32_t col) {
  printArray(a, 2, file, line, col,
             [a](int64_t i) { neve_print_i64(load<int16_t>(a, i)); });
}

extern "C" void neve_array_print_i32(const neve_array *a, const char *file,
                                     int32_t line, int32_t col) {
  printArray(a, 4, file, line, col,
             [a](int64_t i) { neve_print_i64(load<int32_t>(a, i)); });
}

extern "C" void neve_array_print_i64(const neve_array *a, const char *file,
                                     int32_t line, int32_t col) {
  printArray(a, 8, file, line, col,
             [a](int64_t i) { neve_print_i64(load<int64_t>(a, i)); });
}

extern "C" void neve_array_print_f32(const neve_array *a, const char *file,
                                     int32_t line, int32_t col) {
  printArray(a, 4, file, line, col,
             [a](int64_t i) { neve_print_f32(load<float>(a, i)); });
}

extern "C" void neve_array_print_bool(const neve_array *a, const char *file,
                                      int32_t line, int32_t col) {
  printArray(a, 1, file, line, col,
             [a](int64_t i) { neve_print_bool(load<uint8_t>(a, i) != 0); });
}

extern "C" void neve_array_print_char(const neve_array *a, const char *file,
                                      int32_t line, int32_t col) {
  printArray(a, 1, file, line, col,
             [a](int64_t i) { neve_print_char(load<int8_t>(a, i)); });
}

extern "C" void neve_array_print_str(const neve_array *a, const char *file,
                                     int32_t line, int32_t col) {
  printArray(a, sizeof(void *), file, line, col, [a](int64_t i) {
    neve_print_str(load<const neve_str *>(a, i));
  });
}
