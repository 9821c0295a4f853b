//===- ArrayInternal.h - Array helpers shared inside the runtime -*- C++ -*-===//
//
// Runtime-internal: the nil check every container operation starts with, and
// array construction for other runtime files (map keys() and values()).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_CORE_ARRAYINTERNAL_H
#define NEVE_RUNTIME_CORE_ARRAYINTERNAL_H

#include "neve/Runtime/neve_runtime.h"

namespace neve_rt {

/// Reports `member access through nil` at the location when \p p is null.
inline void checkNotNil(const void *p, const char *file, int32_t line,
                        int32_t col) {
  if (__builtin_expect(p == nullptr, 0))
    neve_rt_error(file, line, col, "member access through nil");
}

/// A new array of \p length zero-filled elements of \p elemSize bytes.
neve_array *newArray(int64_t elemSize, int64_t length, bool atomic);

} // namespace neve_rt

#endif // NEVE_RUNTIME_CORE_ARRAYINTERNAL_H
