//===- Strings.cpp - Operations on Neve strings ---------------------------===//
//
// The `str` operations that compiled code calls (spec §4.2, §5.1): equality,
// ordering, and concatenation with the text of a scalar, formatted by the
// same code as print (Format.cpp). New strings live in the GC heap.
//
//===----------------------------------------------------------------------===//

#include "ArrayInternal.h"

#include <gc.h>

#include <cstdint>
#include <cstring>

namespace {

/// Returns a new GC-allocated string of \p size bytes (plus the NUL), whose
/// bytes the caller fills in.
neve_str *allocStr(int64_t size) {
  auto *str = static_cast<neve_str *>(
      GC_MALLOC_ATOMIC(sizeof(neve_str) + static_cast<size_t>(size) + 1));
  if (!str)
    neve_rt_error("<runtime>", 0, 0, "out of memory");
  str->size = size;
  str->data[size] = '\0';
  return str;
}

/// Returns a new string holding the \p len bytes at \p text.
neve_str *strFromBytes(const char *text, int64_t len) {
  neve_str *str = allocStr(len);
  std::memcpy(str->data, text, static_cast<size_t>(len));
  return str;
}

/// The bytes a string operand contributes to a concatenation: nil is `nil`.
void bytesOf(const neve_str *s, const char *&data, int64_t &size) {
  if (s) {
    data = s->data;
    size = s->size;
  } else {
    data = "nil";
    size = 3;
  }
}

} // namespace

extern "C" bool neve_str_eq(const neve_str *a, const neve_str *b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  return a->size == b->size && std::memcmp(a->data, b->data, a->size) == 0;
}

extern "C" int32_t neve_str_cmp(const neve_str *a, const neve_str *b) {
  if (a == b)
    return 0;
  if (!a)
    return -1;
  if (!b)
    return 1;
  int64_t common = a->size < b->size ? a->size : b->size;
  // memcmp compares as unsigned char, as bytewise ordering needs.
  int c = std::memcmp(a->data, b->data, static_cast<size_t>(common));
  if (c != 0)
    return c < 0 ? -1 : 1;
  if (a->size == b->size)
    return 0;
  return a->size < b->size ? -1 : 1;
}

extern "C" neve_str *neve_str_concat(const neve_str *a, const neve_str *b) {
  const char *aData, *bData;
  int64_t aSize, bSize;
  bytesOf(a, aData, aSize);
  bytesOf(b, bData, bSize);
  neve_str *str = allocStr(aSize + bSize);
  std::memcpy(str->data, aData, static_cast<size_t>(aSize));
  std::memcpy(str->data + aSize, bData, static_cast<size_t>(bSize));
  return str;
}

extern "C" neve_str *neve_str_from_i64(int64_t v) {
  char text[NEVE_FORMAT_BUF_SIZE];
  int32_t len = neve_format_i64(v, text, sizeof(text));
  return strFromBytes(text, len);
}

extern "C" neve_str *neve_str_from_f32(float v) {
  char text[NEVE_FORMAT_BUF_SIZE];
  int32_t len = neve_format_f32(v, text, sizeof(text));
  return strFromBytes(text, len);
}

extern "C" neve_str *neve_str_from_bool(bool v) {
  return v ? strFromBytes("true", 4) : strFromBytes("false", 5);
}

extern "C" neve_str *neve_str_from_char(int8_t c) {
  char byte = static_cast<char>(c);
  return strFromBytes(&byte, 1);
}

//===----------------------------------------------------------------------===//
// Methods of str (§5.2, §7): size(), s[i], s[a:b], split(sep)
//===----------------------------------------------------------------------===//

extern "C" int64_t neve_str_size(const neve_str *s, const char *file,
                                 int32_t line, int32_t col) {
  neve_rt::checkNotNil(s, file, line, col);
  // size() returns an int: a larger string would wrap to a negative size.
  if (s->size > INT32_MAX)
    neve_rt_errorf(file, line, col,
                   "str of %lld bytes is too long for size(), which returns "
                   "an int (at most %d)",
                   static_cast<long long>(s->size), INT32_MAX);
  return s->size;
}

extern "C" int8_t neve_str_at(const neve_str *s, int64_t index,
                              const char *file, int32_t line, int32_t col) {
  neve_rt::checkNotNil(s, file, line, col);
  int64_t i = index < 0 ? index + s->size : index;
  if (i < 0 || i >= s->size)
    neve_rt_errorf(file, line, col,
                   "index %lld out of range for str of size %lld",
                   static_cast<long long>(index),
                   static_cast<long long>(s->size));
  return static_cast<int8_t>(s->data[i]);
}

extern "C" neve_str *neve_str_slice(const neve_str *s, int64_t start,
                                    int64_t end, const char *file,
                                    int32_t line, int32_t col) {
  neve_rt::checkNotNil(s, file, line, col);
  int64_t n = s->size;
  auto normalise = [n](int64_t b) {
    if (b < 0)
      b += n; // no overflow: n >= 0
    if (b < 0)
      return int64_t(0);
    return b > n ? n : b;
  };
  int64_t from = normalise(start), to = normalise(end);
  return strFromBytes(s->data + from, to > from ? to - from : 0);
}

extern "C" neve_array *neve_str_split(const neve_str *s, const neve_str *sep,
                                      const char *file, int32_t line,
                                      int32_t col) {
  neve_rt::checkNotNil(s, file, line, col);
  neve_rt::checkNotNil(sep, file, line, col);
  if (sep->size == 0)
    neve_rt_error(file, line, col, "split with an empty separator");
  neve_array *out = neve_rt::newArray(sizeof(neve_str *), 0, false);
  const char *p = s->data, *end = s->data + s->size;
  for (;;) {
    const char *hit = nullptr;
    if (end - p >= sep->size)
      hit = static_cast<const char *>(
          memmem(p, static_cast<size_t>(end - p), sep->data,
                 static_cast<size_t>(sep->size)));
    const char *fieldEnd = hit ? hit : end;
    neve_str *field = strFromBytes(p, fieldEnd - p);
    neve_array_append(out, &field, file, line, col);
    if (!hit)
      return out;
    p = hit + sep->size;
  }
}
