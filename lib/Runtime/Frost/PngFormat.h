//===- PngFormat.h - Checking and decoding PNG images -----------*- C++ -*-===//
//
// checkHeader reads a PNG's signature and IHDR chunk (the first 33 bytes)
// and decides, before libpng allocates anything, whether the image may be
// decoded: its size must be within kMaxPixels, and the file must be large
// enough to hold it. Deflate expands at most 1032:1 (a 258-byte match coded
// in 2 bits), so W x H pixels of B bits need at least W*H*B/8/1032 bytes of
// compressed data; a 68-byte file claiming 30000 x 30000 is refused at once
// instead of costing seconds and gigabytes. decodeRgb then decodes a whole
// PNG held in memory to 8-bit RGB with libpng's simplified API.
//
// Standalone C++ over libpng (errors are returned, not raised), shared by
// the runtime (Images.cpp) and the fuzzer (tools/neve-fuzz-formats).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_FROST_PNGFORMAT_H
#define NEVE_RUNTIME_FROST_PNGFORMAT_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace neve_rt::png {

/// The largest image decoded: 2^28 pixels (16384 x 16384), 3 GiB as RGB
/// floats.
constexpr uint64_t kMaxPixels = uint64_t(1) << 28;
/// The largest PNG file read.
constexpr uint64_t kMaxFileBytes = uint64_t(1) << 30;

struct Info {
  uint32_t width = 0, height = 0;
  int bitDepth = 0, colorType = 0, channels = 0;
  bool interlaced = false;
};

/// Checks the signature and IHDR of the PNG of \p size bytes at \p data,
/// the image's size against \p maxPixels and against what \p size bytes can
/// hold; false with \p error saying why.
bool checkHeader(const uint8_t *data, size_t size, Info &out,
                 std::string &error, uint64_t maxPixels = kMaxPixels);

struct Image {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgb; // height x width x 3
};

/// Decodes the PNG of \p size bytes at \p data (checkHeader first) to 8-bit
/// RGB: palette and grey expand, 16-bit strips to 8, alpha is dropped.
bool decodeRgb(const uint8_t *data, size_t size, Image &out,
               std::string &error, uint64_t maxPixels = kMaxPixels);

} // namespace neve_rt::png

#endif // NEVE_RUNTIME_FROST_PNGFORMAT_H
