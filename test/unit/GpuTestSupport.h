//===- GpuTestSupport.h - Helpers for the GPU runtime tests -----*- C++ -*-===//
//
// Building NEVEKRN1 kernel containers (lib/Runtime/GPU/KernelContainer.h)
// for the container and driver tests.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TEST_UNIT_GPUTESTSUPPORT_H
#define NEVE_TEST_UNIT_GPUTESTSUPPORT_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace neve_test {

struct ContainerEntry {
  uint32_t kind; ///< 0 cubin, 1 PTX
  uint32_t sm;
  std::string payload; ///< PTX payloads should end with '\0'
};

/// A container holding \p entries, payloads 16-byte aligned after the table.
inline std::vector<unsigned char>
makeContainer(const std::vector<ContainerEntry> &entries) {
  std::vector<unsigned char> out(16 + 24 * entries.size());
  std::memcpy(out.data(), "NEVEKRN1", 8);
  uint32_t count = static_cast<uint32_t>(entries.size()), reserved = 0;
  std::memcpy(out.data() + 8, &count, 4);
  std::memcpy(out.data() + 12, &reserved, 4);
  for (size_t i = 0; i < entries.size(); ++i) {
    while (out.size() % 16)
      out.push_back(0);
    uint64_t offset = out.size(), size = entries[i].payload.size();
    unsigned char *e = out.data() + 16 + 24 * i;
    std::memcpy(e, &entries[i].kind, 4);
    std::memcpy(e + 4, &entries[i].sm, 4);
    std::memcpy(e + 8, &offset, 8);
    std::memcpy(e + 16, &size, 8);
    out.insert(out.end(), entries[i].payload.begin(), entries[i].payload.end());
  }
  return out;
}

/// The payload of entry \p i of a container from makeContainer.
inline const unsigned char *payloadOf(const std::vector<unsigned char> &c,
                                      size_t i) {
  uint64_t offset;
  std::memcpy(&offset, c.data() + 16 + 24 * i + 8, 8);
  return c.data() + offset;
}

inline std::string cubin(const char *tag) {
  return std::string("\x7f"
                     "ELF",
                     4) +
         tag;
}

inline std::string ptx(const char *tag) {
  return std::string(".version 8.0\n// ") + tag + std::string(1, '\0');
}

} // namespace neve_test

#endif // NEVE_TEST_UNIT_GPUTESTSUPPORT_H
