//===- PngFormat.cpp - Checking and decoding PNG images ---------*- C++ -*-===//
//
// See PngFormat.h. The IHDR layout and the valid bit depths per colour type
// are those of the PNG specification (ISO/IEC 15948, §11.2.2).
//
//===----------------------------------------------------------------------===//

#include "PngFormat.h"

#include <png.h>

#include <cstring>

using namespace neve_rt;
using namespace neve_rt::png;

namespace {

uint32_t be32(const uint8_t *p) {
  return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) |
         (uint32_t(p[2]) << 8) | uint32_t(p[3]);
}

/// Samples per pixel of a colour type, 0 for an invalid combination of
/// colour type and bit depth.
int channelsOf(int colorType, int bitDepth) {
  bool sub8 = bitDepth == 1 || bitDepth == 2 || bitDepth == 4;
  bool wide = bitDepth == 8 || bitDepth == 16;
  switch (colorType) {
  case 0: // grey
    return sub8 || wide ? 1 : 0;
  case 2: // RGB
    return wide ? 3 : 0;
  case 3: // palette
    return sub8 || bitDepth == 8 ? 1 : 0;
  case 4: // grey + alpha
    return wide ? 2 : 0;
  case 6: // RGBA
    return wide ? 4 : 0;
  default:
    return 0;
  }
}

std::string sizeText(uint32_t height, uint32_t width) {
  return std::to_string(height) + "x" + std::to_string(width);
}

} // namespace

bool png::checkHeader(const uint8_t *data, size_t size, Info &out,
                      std::string &error, uint64_t maxPixels) {
  static const uint8_t signature[8] = {0x89, 'P',  'N',  'G',
                                       0x0D, 0x0A, 0x1A, 0x0A};
  if (size < 8 || std::memcmp(data, signature, 8) != 0) {
    error = "not a PNG file (no PNG signature)";
    return false;
  }
  // signature, IHDR length and type, 13 bytes of IHDR, its CRC
  if (size < 33) {
    error = "truncated PNG header";
    return false;
  }
  if (be32(data + 8) != 13 || std::memcmp(data + 12, "IHDR", 4) != 0) {
    error = "corrupt PNG: the first chunk is not a 13-byte IHDR";
    return false;
  }
  Info info;
  info.width = be32(data + 16);
  info.height = be32(data + 20);
  info.bitDepth = data[24];
  info.colorType = data[25];
  info.channels = channelsOf(info.colorType, info.bitDepth);
  info.interlaced = data[28] == 1;
  if (info.width == 0 || info.height == 0 || info.width > 0x7fffffffu ||
      info.height > 0x7fffffffu) {
    error = "corrupt PNG: bad image size " + sizeText(info.height, info.width);
    return false;
  }
  if (!info.channels || data[26] != 0 || data[27] != 0 || data[28] > 1) {
    error = "corrupt PNG: bad IHDR (bit depth " + std::to_string(data[24]) +
            ", colour type " + std::to_string(data[25]) + ")";
    return false;
  }
  uint64_t pixels = uint64_t(info.width) * info.height; // < 2^62
  if (pixels > maxPixels) {
    error = "the image is " + sizeText(info.height, info.width) + " (" +
            std::to_string(pixels) + " pixels), over the limit of " +
            std::to_string(maxPixels) + " pixels";
    return false;
  }
  // At most 2^28 * 4 * 16 bits: no overflow.
  uint64_t rawBytes = pixels * uint64_t(info.channels * info.bitDepth) / 8;
  uint64_t minCompressed = (rawBytes + 1031) / 1032;
  if (uint64_t(size) < minCompressed) {
    error = "a " + std::to_string(size) + "-byte file cannot hold a " +
            sizeText(info.height, info.width) +
            " image (its pixels need at least " +
            std::to_string(minCompressed) + " bytes compressed)";
    return false;
  }
  out = info;
  return true;
}

bool png::decodeRgb(const uint8_t *data, size_t size, Image &out,
                    std::string &error, uint64_t maxPixels) {
  Info info;
  if (!checkHeader(data, size, info, error, maxPixels))
    return false;
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, size)) {
    error = image.message;
    png_image_free(&image);
    return false;
  }
  if (image.width != info.width || image.height != info.height) {
    png_image_free(&image);
    error = "corrupt PNG: inconsistent image size";
    return false;
  }
  image.format = PNG_FORMAT_RGB;
  out.width = image.width;
  out.height = image.height;
  out.rgb.assign(size_t(image.width) * image.height * 3, 0);
  if (!png_image_finish_read(&image, nullptr, out.rgb.data(), 0, nullptr)) {
    error = image.message;
    png_image_free(&image);
    return false;
  }
  return true;
}
