//===- IdxFormat.cpp - The IDX format of MNIST-style datasets ---*- C++ -*-===//
//
// See IdxFormat.h.
//
//===----------------------------------------------------------------------===//

#include "IdxFormat.h"

#include <cstdio>
#include <cstring>

using namespace neve_rt;
using namespace neve_rt::idx;

namespace {

uint32_t be32(const uint8_t *p) {
  return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) |
         (uint32_t(p[2]) << 8) | uint32_t(p[3]);
}

float element(const uint8_t *p, uint8_t type) {
  switch (type) {
  case 0x08:
    return float(p[0]);
  case 0x09:
    return float(int8_t(p[0]));
  case 0x0B:
    return float(int16_t((uint16_t(p[0]) << 8) | p[1]));
  case 0x0C:
    return float(int32_t(be32(p)));
  case 0x0D: {
    uint32_t bits = be32(p);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  default: { // 0x0E
    uint64_t bits = (uint64_t(be32(p)) << 32) | be32(p + 4);
    double d;
    std::memcpy(&d, &bits, 8);
    return float(d);
  }
  }
}

std::string hexByte(uint8_t b) {
  char text[8];
  std::snprintf(text, sizeof text, "0x%02X", unsigned(b));
  return text;
}

/// Reads the \p need payload bytes into \p raw, growing it only as data
/// arrives (so memory follows the real data, not the header's claim).
bool readPayload(ByteSource &src, uint64_t need, std::vector<uint8_t> &raw,
                 std::string &error) {
  const uint64_t chunk = uint64_t(1) << 20;
  uint64_t got = 0;
  while (got < need) {
    uint64_t want = need - got < chunk ? need - got : chunk;
    raw.resize(size_t(got + want));
    int64_t r = src.readFully(raw.data() + got, size_t(want));
    if (r < 0) {
      error = src.error();
      return false;
    }
    got += uint64_t(r);
    if (uint64_t(r) < want) {
      error = "truncated: the header announces " + std::to_string(need) +
              " bytes of data, the file holds " + std::to_string(got);
      return false;
    }
  }
  return true;
}

} // namespace

int idx::elementSize(uint8_t type) {
  switch (type) {
  case 0x08:
  case 0x09:
    return 1;
  case 0x0B:
    return 2;
  case 0x0C:
  case 0x0D:
    return 4;
  case 0x0E:
    return 8;
  default:
    return 0;
  }
}

bool idx::readIdx(ByteSource &src, const Allocate &allocate, Array &out,
                  std::string &error) {
  uint8_t magic[4];
  int64_t n = src.readFully(magic, 4);
  if (n < 0) {
    error = src.error();
    return false;
  }
  if (n < 4) {
    error = "too short for an IDX header (" + std::to_string(n) + " bytes)";
    return false;
  }
  if (magic[0] != 0 || magic[1] != 0) {
    error = "not an IDX file (the magic number does not start with two zero "
            "bytes)";
    return false;
  }
  uint8_t type = magic[2];
  unsigned rank = magic[3];
  int esize = elementSize(type);
  if (esize == 0) {
    error = "unknown IDX element type " + hexByte(type);
    return false;
  }
  if (rank == 0) {
    error = "rank 0";
    return false;
  }
  std::vector<uint8_t> extents(4 * size_t(rank));
  n = src.readFully(extents.data(), extents.size());
  if (n < 0) {
    error = src.error();
    return false;
  }
  if (size_t(n) < extents.size()) {
    error = "truncated header";
    return false;
  }
  std::vector<int32_t> dims;
  uint64_t count = 1;
  for (unsigned d = 0; d < rank; ++d) {
    uint32_t e = be32(&extents[4 * d]);
    if (e > uint32_t(INT32_MAX)) {
      error = "extent " + std::to_string(e) + " does not fit an int";
      return false;
    }
    dims.push_back(int32_t(e));
  }
  // Each extent is below 2^31, so no partial product of those up to the
  // limit overflows; a zero extent makes the array empty.
  bool empty = false;
  for (int32_t e : dims)
    empty = empty || e == 0;
  for (int32_t e : dims) {
    if (empty) {
      count = 0;
      break;
    }
    count *= uint64_t(e);
    if (count > kMaxElements) {
      error = "too many elements (over " + std::to_string(kMaxElements) + ")";
      return false;
    }
  }
  uint64_t need = count * uint64_t(esize);
  std::vector<uint8_t> raw;
  if (!readPayload(src, need, raw, error))
    return false;
  uint8_t extra;
  n = src.read(&extra, 1);
  if (n < 0) {
    error = src.error();
    return false;
  }
  if (n > 0) {
    error = "trailing data after the " + std::to_string(need) +
            " bytes of data the header announces";
    return false;
  }
  float *data = allocate(count * 4);
  if (!data) {
    error = "out of memory for " + std::to_string(count) + " floats";
    return false;
  }
  if (type == 0x08) {
    for (uint64_t i = 0; i < count; ++i)
      data[i] = float(raw[i]);
  } else {
    for (uint64_t i = 0; i < count; ++i)
      data[i] = element(&raw[i * esize], type);
  }
  out.dims = std::move(dims);
  out.count = count;
  out.data = data;
  return true;
}
