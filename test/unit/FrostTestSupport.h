//===- FrostTestSupport.h - Helpers for the Frost natives' tests -*- C++ -*-===//
//
// Shared by FrostNativesTest.cpp, FrostFormatsTest.cpp and
// FrostLimitsTest.cpp: a temporary directory, files, host buffers, and
// builders of the file formats the natives read (safetensors, IDX, gzip,
// PNG), so that tests write valid and malicious inputs byte by byte
// (scripts/make-format-inputs.py builds the same ones for the lit tests).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_TEST_UNIT_FROSTTESTSUPPORT_H
#define NEVE_TEST_UNIT_FROSTTESTSUPPORT_H

#include "RuntimeTestSupport.h"

#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace neve_test {

using Bytes = std::vector<uint8_t>;

inline neve_str *S(const std::string &s) {
  return neve_str_from_cstr(s.c_str());
}

/// A fresh directory for this test binary's files.
inline std::string tempDir() {
  static std::string dir = [] {
    char tmpl[] = "/tmp/frost-natives-XXXXXX";
    const char *d = mkdtemp(tmpl);
    return std::string(d ? d : "/tmp");
  }();
  return dir;
}

inline void writeFile(const std::string &path, const Bytes &bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char *>(bytes.data()),
          std::streamsize(bytes.size()));
}

/// Writes \p bytes to a file of the temporary directory; returns its path.
inline std::string tempFile(const std::string &name, const Bytes &bytes) {
  std::string path = tempDir() + "/" + name;
  writeFile(path, bytes);
  return path;
}

inline std::vector<int32_t> ints(const neve_array *a) {
  const int32_t *p = static_cast<const int32_t *>(a->data);
  return std::vector<int32_t>(p, p + a->size);
}

/// Floats in a cumalloc_host buffer (as programs make them), freed at the
/// end of the scope.
class HostFloats {
public:
  explicit HostFloats(size_t n, float fill = 0.0f)
      : p(cumalloc_host(neve_context(), int64_t(n * 4))) {
    for (size_t i = 0; i < n; ++i)
      p[i] = fill;
  }
  ~HostFloats() { std::free(p); }
  HostFloats(const HostFloats &) = delete;
  HostFloats &operator=(const HostFloats &) = delete;
  float *data() { return p; }
  float &operator[](size_t i) { return p[i]; }

private:
  float *p;
};

inline void appendBE32(Bytes &b, uint32_t v) {
  for (int s = 24; s >= 0; s -= 8)
    b.push_back(uint8_t(v >> s));
}

/// An IDX file: magic, extents, payload.
inline Bytes idxBytes(uint8_t type, std::vector<uint32_t> dims, Bytes payload) {
  Bytes b = {0, 0, type, uint8_t(dims.size())};
  for (uint32_t d : dims)
    appendBE32(b, d);
  b.insert(b.end(), payload.begin(), payload.end());
  return b;
}

/// \p data as a gzip member.
inline Bytes gzipBytes(const Bytes &data) {
  z_stream z{};
  deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8,
               Z_DEFAULT_STRATEGY);
  Bytes out(deflateBound(&z, uLong(data.size())));
  z.next_in = const_cast<uint8_t *>(data.data());
  z.avail_in = unsigned(data.size());
  z.next_out = out.data();
  z.avail_out = unsigned(out.size());
  deflate(&z, Z_FINISH);
  out.resize(out.size() - z.avail_out);
  deflateEnd(&z);
  return out;
}

/// A safetensors file of one entry: `{"w": {"dtype": DTYPE, "shape": SHAPE,
/// "data_offsets": OFFSETS}}` (SHAPE and OFFSETS as JSON text), then \p data.
inline Bytes safetensorsBytes(const std::string &shape,
                              const std::string &offsets, Bytes data,
                              const std::string &dtype = "F32") {
  std::string header = "{\"w\":{\"dtype\":\"" + dtype + "\",\"shape\":" +
                       shape + ",\"data_offsets\":" + offsets + "}}";
  while (header.size() % 8)
    header.push_back(' ');
  Bytes b(8);
  for (int i = 0; i < 8; ++i)
    b[i] = uint8_t(uint64_t(header.size()) >> (8 * i));
  b.insert(b.end(), header.begin(), header.end());
  b.insert(b.end(), data.begin(), data.end());
  return b;
}

inline void appendChunk(Bytes &png, const char *type, const Bytes &body) {
  appendBE32(png, uint32_t(body.size()));
  Bytes typed(type, type + 4);
  typed.insert(typed.end(), body.begin(), body.end());
  png.insert(png.end(), typed.begin(), typed.end());
  appendBE32(png, uint32_t(crc32(0, typed.data(), uInt(typed.size()))));
}

/// A PNG whose IHDR says width x height (colour type, bit depth) and whose
/// one IDAT holds \p rows (filter bytes included) compressed.
inline Bytes pngBytes(uint32_t width, uint32_t height, uint8_t colorType,
                      uint8_t bitDepth, const Bytes &rows) {
  Bytes png = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  Bytes ihdr;
  appendBE32(ihdr, width);
  appendBE32(ihdr, height);
  for (uint8_t v : {bitDepth, colorType, uint8_t(0), uint8_t(0), uint8_t(0)})
    ihdr.push_back(v);
  appendChunk(png, "IHDR", ihdr);
  uLongf size = compressBound(uLong(rows.size()));
  Bytes z(size);
  compress2(z.data(), &size, rows.data(), uLong(rows.size()), 9);
  z.resize(size);
  appendChunk(png, "IDAT", z);
  appendChunk(png, "IEND", {});
  return png;
}

/// A valid 8-bit grey PNG, every pixel \p level.
inline Bytes greyPng(uint32_t width, uint32_t height, uint8_t level = 128) {
  Bytes rows;
  for (uint32_t y = 0; y < height; ++y) {
    rows.push_back(0);
    rows.insert(rows.end(), width, level);
  }
  return pngBytes(width, height, 0, 8, rows);
}

/// A tiny PNG (about 68 bytes) whose header claims width x height RGB.
inline Bytes claimPng(uint32_t width, uint32_t height) {
  return pngBytes(width, height, 2, 8, {0, 0, 0, 0});
}

} // namespace neve_test

#endif // NEVE_TEST_UNIT_FROSTTESTSUPPORT_H
