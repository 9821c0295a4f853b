//===- Any.cpp - The `any` box ----------------------------------*- C++ -*-===//
//
// The runtime side of `any` (language reference §4.2, §4.5, §4.7): a box
// holding a reference and the name of its dynamic type. Boxing never fails;
// unboxing to a different type is a located runtime error naming both types.
// The ABI is described in neve_runtime.h.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <gc.h>

#include <cstring>

namespace {

bool sameName(const char *a, const char *b) {
  return a == b || (a && b && std::strcmp(a, b) == 0);
}

} // namespace

extern "C" neve_any *neve_any_box(const char *type_name, void *value) {
  if (!value)
    return nullptr;
  // Scanned memory: the box keeps its value alive.
  auto *box = static_cast<neve_any *>(GC_MALLOC(sizeof(neve_any)));
  if (!box)
    neve_rt_error("<runtime>", 0, 0, "out of memory");
  box->type_name = type_name ? type_name : "?";
  box->value = value;
  return box;
}

extern "C" void *neve_any_unbox(const neve_any *a, const char *type_name,
                                const char *file, int32_t line, int32_t col) {
  if (!a)
    return nullptr;
  if (!sameName(a->type_name, type_name))
    neve_rt_errorf(file, line, col, "cannot convert any holding %s to %s",
                   a->type_name, type_name ? type_name : "?");
  return a->value;
}

extern "C" bool neve_any_same(const neve_any *a, const neve_any *b) {
  if (a == b)
    return true;
  if (!a || !b)
    return false;
  return a->value == b->value && sameName(a->type_name, b->type_name);
}

extern "C" const char *neve_any_type_name(const neve_any *a) {
  return a ? a->type_name : "nil";
}
