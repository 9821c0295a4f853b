//===- safetensors-fuzz.cpp - libFuzzer target for safetensors headers ----===//
//
// Feeds arbitrary bytes, as a whole safetensors file, through the parser
// the runtime's safetensors_read and safetensors_names use
// (lib/Runtime/Frost/SafetensorsFormat.h), then converts every tensor it
// accepts. A crash, a sanitizer report, an allocation over libFuzzer's
// malloc limit, or a broken invariant (a refusal without a reason, an
// accepted tensor whose bytes lie outside the file or do not match its
// shape) is a bug. `make test` runs it briefly (test/fuzz).
//
//===----------------------------------------------------------------------===//

#include "SafetensorsFormat.h"

#include <cstdlib>
#include <string>
#include <vector>

using namespace neve_rt::safetensors;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string error;
  uint64_t length = 0;
  if (!headerLength(data, size, length, error)) {
    if (error.empty())
      abort();
    return 0;
  }
  if (8 + length > size)
    abort();
  Header header;
  if (!parseHeader(reinterpret_cast<const char *>(data) + 8, length, size,
                   header, error)) {
    if (error.empty())
      abort();
    return 0;
  }
  uint64_t dataBytes = size - header.dataStart;
  for (const Tensor &t : header.tensors) {
    if (t.begin > t.end || t.end > dataBytes)
      abort();
    uint64_t count = 1;
    for (int32_t e : t.shape) {
      if (e < 0)
        abort();
      count *= uint64_t(e);
    }
    if (count != t.count)
      abort();
    if (!t.elementSize)
      continue;
    if (t.count * uint64_t(t.elementSize) != t.end - t.begin)
      abort();
    std::vector<float> out(t.count);
    toFloats(t.dtype, data + header.dataStart + t.begin, t.count, out.data());
  }
  return 0;
}
