//===- SafetensorsFormat.h - Parsing safetensors headers --------*- C++ -*-===//
//
// A safetensors file: u64 little-endian N, then N bytes of JSON
//   {"name": {"dtype": "F32", "shape": [..], "data_offsets": [b, e]}, ...,
//    "__metadata__": {...}}
// then the data section, tensor `name` at [b, e) of it.
//
// Everything the header claims is checked against the file's real size
// before anything is allocated: the header's length, and for every tensor
// its extents (each must fit an int, Frost's dims), the product of its
// shape and element size (checked for overflow) against its offsets, and
// its offsets against the data section. A tensor of a dtype that cannot be
// read (I64, ...) is still listed; only reading it is refused.
//
// Standalone C++ (errors are returned, not raised; nlohmann::json), shared
// by the runtime (Safetensors.cpp) and the fuzzer
// (tools/neve-fuzz-formats).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_FROST_SAFETENSORSFORMAT_H
#define NEVE_RUNTIME_FROST_SAFETENSORSFORMAT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace neve_rt::safetensors {

/// Headers above this size are refused (PyTorch's safetensors: 100 MB).
constexpr uint64_t kMaxHeaderBytes = uint64_t(100) << 20;

struct Tensor {
  std::string name, dtype;
  std::vector<int32_t> shape;
  uint64_t count = 0;     // elements: the product of shape
  int elementSize = 0;    // bytes per element; 0 when dtype cannot be read
  uint64_t begin = 0, end = 0; // offsets into the data section
};

struct Header {
  uint64_t dataStart = 0; // 8 + the JSON's length
  std::vector<Tensor> tensors;
  /// The tensor named \p name, or null.
  const Tensor *find(const std::string &name) const;
};

/// The length of the JSON header from the file's first 8 bytes, checked
/// against kMaxHeaderBytes and the size of the file, \p fileSize bytes.
bool headerLength(const uint8_t *first8, uint64_t fileSize, uint64_t &length,
                  std::string &error);

/// Parses the \p length bytes of JSON at \p text (the header of a file of
/// \p fileSize bytes) and checks every entry; false with \p error naming
/// the first problem.
bool parseHeader(const char *text, size_t length, uint64_t fileSize,
                 Header &out, std::string &error);

/// Bytes per element of the dtypes that can be read as floats: F32 4, F64 8,
/// BF16 and F16 2; 0 for any other.
int elementSize(const std::string &dtype);

/// Converts \p count elements of \p dtype (little-endian, at \p raw) to
/// floats at \p out.
void toFloats(const std::string &dtype, const uint8_t *raw, uint64_t count,
              float *out);

} // namespace neve_rt::safetensors

#endif // NEVE_RUNTIME_FROST_SAFETENSORSFORMAT_H
