//===- Format.cpp - Text of numbers and string construction -----*- C++ -*-===//
//
// Converts scalars to the text that `print` writes and that `str + x` appends
// (language reference §7), and builds `str` values from C strings.
//
// A float is written as the shortest decimal that reads back to the same
// binary32 value, ties broken towards the exact value; std::to_chars gives
// those digits. They are then laid out as Python's repr lays out a double:
// plain notation with at least one digit after the point when the decimal
// exponent of the first digit is in [-4, 16), otherwise `d[.ddd]e±XX`.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <gc.h>

#include <charconv>
#include <cmath>
#include <cstring>

namespace {

/// Copies the \p len bytes at \p text into \p buf (truncating to \p cap - 1
/// bytes and NUL-terminating when \p cap > 0) and returns \p len.
int32_t emit(const char *text, int32_t len, char *buf, int32_t cap) {
  if (cap > 0) {
    int32_t n = len < cap ? len : cap - 1;
    std::memcpy(buf, text, n);
    buf[n] = '\0';
  }
  return len;
}

/// Lays out the shortest float text into \p out (at least 32 bytes) and
/// returns its length. \p v must be finite.
int32_t formatFinite(float v, char *out) {
  char *p = out;
  if (std::signbit(v)) {
    *p++ = '-';
    v = -v;
  }
  if (v == 0.0f) {
    std::memcpy(p, "0.0", 3);
    return static_cast<int32_t>(p + 3 - out);
  }

  // Shortest round-trip digits in scientific form: d[.ddd]e±XX.
  char sci[32];
  std::to_chars_result r =
      std::to_chars(sci, sci + sizeof(sci), v, std::chars_format::scientific);
  const char *end = r.ptr;

  char digits[16];
  int numDigits = 0;
  const char *q = sci;
  for (; q != end && *q != 'e'; ++q)
    if (*q != '.')
      digits[numDigits++] = *q;
  // q points at 'e'.
  ++q;
  bool negExp = *q == '-';
  ++q;
  int exp10 = 0;
  for (; q != end; ++q)
    exp10 = exp10 * 10 + (*q - '0');
  if (negExp)
    exp10 = -exp10;

  if (exp10 >= -4 && exp10 < 16) {
    if (exp10 < 0) {
      // 0.000ddd
      *p++ = '0';
      *p++ = '.';
      for (int i = -1; i > exp10; --i)
        *p++ = '0';
      std::memcpy(p, digits, numDigits);
      p += numDigits;
    } else if (numDigits <= exp10 + 1) {
      // ddd000.0
      std::memcpy(p, digits, numDigits);
      p += numDigits;
      for (int i = numDigits; i <= exp10; ++i)
        *p++ = '0';
      *p++ = '.';
      *p++ = '0';
    } else {
      // dd.ddd
      std::memcpy(p, digits, exp10 + 1);
      p += exp10 + 1;
      *p++ = '.';
      std::memcpy(p, digits + exp10 + 1, numDigits - exp10 - 1);
      p += numDigits - exp10 - 1;
    }
    return static_cast<int32_t>(p - out);
  }

  // d[.ddd]e±XX
  *p++ = digits[0];
  if (numDigits > 1) {
    *p++ = '.';
    std::memcpy(p, digits + 1, numDigits - 1);
    p += numDigits - 1;
  }
  *p++ = 'e';
  *p++ = exp10 < 0 ? '-' : '+';
  int absExp = exp10 < 0 ? -exp10 : exp10;
  if (absExp < 10)
    *p++ = '0';
  p = std::to_chars(p, out + 32, absExp).ptr;
  return static_cast<int32_t>(p - out);
}

} // namespace

extern "C" int32_t neve_format_f32(float v, char *buf, int32_t cap) {
  if (std::isnan(v))
    return emit("nan", 3, buf, cap);
  if (std::isinf(v))
    return v > 0 ? emit("inf", 3, buf, cap) : emit("-inf", 4, buf, cap);
  char text[NEVE_FORMAT_BUF_SIZE];
  int32_t len = formatFinite(v, text);
  return emit(text, len, buf, cap);
}

extern "C" int32_t neve_format_i64(int64_t v, char *buf, int32_t cap) {
  char text[NEVE_FORMAT_BUF_SIZE];
  char *end = std::to_chars(text, text + sizeof(text), v).ptr;
  return emit(text, static_cast<int32_t>(end - text), buf, cap);
}

extern "C" neve_str *neve_str_from_cstr(const char *s) {
  if (!s)
    return nullptr;
  size_t len = std::strlen(s);
  auto *str =
      static_cast<neve_str *>(GC_MALLOC_ATOMIC(sizeof(neve_str) + len + 1));
  if (!str)
    neve_rt_error("<runtime>", 0, 0, "out of memory");
  str->size = static_cast<int64_t>(len);
  std::memcpy(str->data, s, len + 1);
  return str;
}
