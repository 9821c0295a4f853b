//===- png-fuzz.cpp - libFuzzer target for the PNG header check -----------===//
//
// Feeds arbitrary bytes, as a whole PNG file, through the header check of
// the runtime's image natives (lib/Runtime/Frost/PngFormat.h), then through
// the decoder they use (the check again, then libpng), with a pixel limit
// of 2^20 so that every run stays small. A crash, a sanitizer report, an
// allocation over libFuzzer's malloc limit or a broken invariant (a
// refusal without a reason, a decoded image the check refused or of
// another size than it said) is a bug. libpng itself is the system's,
// not instrumented. `make test` runs it briefly (test/fuzz).
//
//===----------------------------------------------------------------------===//

#include "PngFormat.h"

#include <cstdlib>
#include <string>

using namespace neve_rt;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint64_t maxPixels = uint64_t(1) << 20;
  png::Info info;
  std::string error;
  bool checked = png::checkHeader(data, size, info, error, maxPixels);
  if (!checked && error.empty())
    abort();
  if (checked && (uint64_t(info.width) * info.height > maxPixels ||
                  info.channels < 1 || info.channels > 4))
    abort();
  png::Image image;
  error.clear();
  if (!png::decodeRgb(data, size, image, error, maxPixels)) {
    if (error.empty())
      abort();
    return 0;
  }
  if (!checked || image.width != info.width || image.height != info.height ||
      image.rgb.size() != size_t(image.width) * image.height * 3)
    abort();
  return 0;
}
