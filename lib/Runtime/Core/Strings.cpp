//===- Strings.cpp - Operations on Neve strings ---------------------------===//
//
// The `str` operations that compiled code calls (spec §4.2, §5.1).
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <cstring>

extern "C" bool neve_str_eq(const neve_str *a, const neve_str *b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  return a->size == b->size && std::memcmp(a->data, b->data, a->size) == 0;
}
