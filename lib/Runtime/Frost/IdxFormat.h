//===- IdxFormat.h - The IDX format of MNIST-style datasets -----*- C++ -*-===//
//
// A big-endian magic 0x0000TTRR (TT the element type: 0x08 ubyte, 0x09
// sbyte, 0x0B i16, 0x0C i32, 0x0D f32, 0x0E f64; RR the rank), RR
// big-endian u32 extents, then the elements, big-endian, row-major, and
// nothing after them.
//
// readIdx reads that from a ByteSource in order: the header, checked
// (every extent an int, at most kMaxElements elements), then exactly the
// payload it announces, then the end. The payload is held as it arrives, so
// a header that claims gigabytes costs only the bytes the file really
// holds; the output is allocated only once all of it is in. Standalone
// C++ (errors are returned, not raised) for the runtime (Datasets.cpp) and
// the fuzzer (tools/neve-fuzz-formats).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_FROST_IDXFORMAT_H
#define NEVE_RUNTIME_FROST_IDXFORMAT_H

#include "ByteSource.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace neve_rt::idx {

/// Frost counts a tensor's elements in an int.
constexpr uint64_t kMaxElements = 0x7fffffff;

struct Array {
  std::vector<int32_t> dims;
  uint64_t count = 0;    // the product of dims
  float *data = nullptr; // count floats, from the Allocate callback
};

/// Returns \p bytes of memory for the floats (never called with more than
/// 4 * kMaxElements), or null when out of memory.
using Allocate = std::function<float *(uint64_t bytes)>;

/// Reads one IDX array from \p src into \p out (the elements converted to
/// float, not scaled). On any problem returns false with \p error set to a
/// sentence naming it, having allocated nothing.
bool readIdx(ByteSource &src, const Allocate &allocate, Array &out,
             std::string &error);

/// The bytes one element of type \p type takes (0: not an IDX type).
int elementSize(uint8_t type);

} // namespace neve_rt::idx

#endif // NEVE_RUNTIME_FROST_IDXFORMAT_H
