//===- TokenFileFormat.cpp - Token files and window-order files -*- C++ -*-===//
//
// The headers of TokenFileFormat.h: building them and checking them.
//
//===----------------------------------------------------------------------===//

#include "TokenFileFormat.h"

namespace neve_rt::tokens {

int32_t readLE32(const uint8_t *p) {
  return int32_t(uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
                 uint32_t(p[3]) << 24);
}

void appendLE32(std::vector<uint8_t> &out, int32_t v) {
  for (int i = 0; i < 4; ++i)
    out.push_back(uint8_t(uint32_t(v) >> (8 * i)));
}

std::vector<uint8_t> tokenHeader(int32_t n) {
  std::vector<uint8_t> out;
  out.reserve(kTokenHeaderBytes);
  appendLE32(out, kTokenMagic);
  appendLE32(out, kTokenVersion);
  appendLE32(out, n);
  out.resize(kTokenHeaderBytes, 0);
  return out;
}

bool parseTokenHeader(const uint8_t *header, uint64_t fileBytes, int64_t &n,
                      std::string &error) {
  if (fileBytes < kTokenHeaderBytes) {
    error = "holds " + std::to_string(fileBytes) +
            " bytes, less than the 1024-byte header of a token file";
    return false;
  }
  if (readLE32(header) != kTokenMagic) {
    error = "not a token file (magic " + std::to_string(readLE32(header)) +
            ", expected 20240520)";
    return false;
  }
  if (readLE32(header + 4) != kTokenVersion) {
    error = "token file version " + std::to_string(readLE32(header + 4)) +
            " (only version 1, uint16 tokens, is read)";
    return false;
  }
  int32_t count = readLE32(header + 8);
  uint64_t want = kTokenHeaderBytes + 2 * uint64_t(count < 0 ? 0 : count);
  if (count < 0 || want != fileBytes) {
    error = "the header announces " + std::to_string(count) +
            " tokens (" + std::to_string(want) + " bytes) but the file holds " +
            std::to_string(fileBytes) + " bytes";
    return false;
  }
  n = count;
  return true;
}

std::vector<uint8_t> orderHeader(const OrderHeader &h) {
  std::vector<uint8_t> out;
  out.reserve(kOrderHeaderBytes);
  for (int32_t v : {kOrderMagic, kOrderVersion, h.batch, h.seq, h.steps,
                    h.seed, h.tokens, h.windows})
    appendLE32(out, v);
  out.resize(kOrderHeaderBytes, 0);
  return out;
}

bool parseOrderHeader(const uint8_t *header, uint64_t fileBytes,
                      OrderHeader &h, std::string &error) {
  if (fileBytes < kOrderHeaderBytes) {
    error = "holds " + std::to_string(fileBytes) +
            " bytes, less than the 64-byte header of a window-order file";
    return false;
  }
  if (readLE32(header) != kOrderMagic) {
    error = "not a window-order file (bad magic)";
    return false;
  }
  if (readLE32(header + 4) != kOrderVersion) {
    error = "window-order file version " + std::to_string(readLE32(header + 4)) +
            " (only version 1 is read)";
    return false;
  }
  h.batch = readLE32(header + 8);
  h.seq = readLE32(header + 12);
  h.steps = readLE32(header + 16);
  h.seed = readLE32(header + 20);
  h.tokens = readLE32(header + 24);
  h.windows = readLE32(header + 28);
  if (h.batch < 1 || h.seq < 1 || h.steps < 0 || h.tokens < 0 ||
      h.windows < 0) {
    error = "the header holds a negative count or an empty window";
    return false;
  }
  uint64_t want = kOrderHeaderBytes + 4 * uint64_t(h.batch) * uint64_t(h.steps);
  if (want != fileBytes) {
    error = "the header announces " + std::to_string(h.steps) + " steps of " +
            std::to_string(h.batch) + " rows (" + std::to_string(want) +
            " bytes) but the file holds " + std::to_string(fileBytes) +
            " bytes";
    return false;
  }
  return true;
}

} // namespace neve_rt::tokens
