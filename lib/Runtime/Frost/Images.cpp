//===- Images.cpp - PNG images for Frost's data pipeline --------*- C++ -*-===//
//
// The image part of the native layer (§9.1), decoded with libpng (linked
// statically into programs, like the collector):
//
//   proto void float_cpu_load_img(float_cpu h, str path, int channels)
//       decodes the PNG at `path` into `h` as channels × H × W floats in
//       [0, 1]; 1 channel is grey, 3 is RGB. `h` must lie in a buffer of
//       the runtime (cumalloc_host, perhaps `offby`: an interior pointer),
//       which knows how many bytes follow it (neve_host_bytes_after): an
//       image that does not fit is a runtime error, checked from the PNG's
//       header before anything is decoded.
//   proto void load_img_sized(float_cpu h, str path, int channels,
//                             int height, int width)
//       the same, refusing an image of another size (Frost's loader).
//   proto tuple<float_cpu, array<int>> load_image(str path, int channels)
//       the same into a new host buffer, with its dims [C, H, W].
//   proto void float_cpu_save_png(float_cpu h, int channels, int height,
//                                 int width, str path)
//       writes C × H × W floats in [0, 1] (clamped) as an 8-bit PNG.
//
// Any image is converted: palette and grey expand, 16-bit strips to 8,
// alpha is dropped, RGB averages to grey for 1 channel and grey repeats for
// 3. A missing or corrupt file is a runtime error naming it, and so is an
// image over png::kMaxPixels or larger than its file can hold (a tiny file
// claiming 30000 x 30000 costs nothing: PngFormat.h), or any C++ exception
// (NativeGuard.h).
//
//===----------------------------------------------------------------------===//

#include "NativeGuard.h"
#include "PngFormat.h"

#include "neve/Runtime/neve_runtime.h"

#include <png.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace neve_rt;

namespace {

[[noreturn]] void imageError(const char *what, const std::string &path,
                             const std::string &msg) {
  neve_rt_errorf("<runtime>", 0, 0, "%s: %s: %s", what, path.c_str(),
                 msg.c_str());
}

std::string toPath(const neve_str *s, const char *what) {
  if (!s)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the path is nil", what);
  return std::string(s->data, size_t(s->size));
}

/// The bytes of the regular file \p path (at most png::kMaxFileBytes).
std::vector<uint8_t> readFile(const std::string &path, const char *what) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    imageError(what, path, std::string("cannot open: ") + std::strerror(errno));
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    std::fclose(f);
    imageError(what, path, "not a regular file");
  }
  if (uint64_t(st.st_size) > png::kMaxFileBytes) {
    std::fclose(f);
    imageError(what, path, std::to_string(st.st_size) +
                               " bytes: over the limit for an image file (" +
                               std::to_string(png::kMaxFileBytes) + ")");
  }
  std::vector<uint8_t> bytes(size_t(st.st_size));
  size_t got = bytes.empty() ? 0 : std::fread(bytes.data(), 1, bytes.size(), f);
  std::fclose(f);
  bytes.resize(got); // a file that shrank reads as what is there
  return bytes;
}

/// Decodes the PNG at \p path into 8-bit RGB.
png::Image decode(const std::string &path, const std::vector<uint8_t> &bytes,
                  const char *what) {
  png::Image img;
  std::string error;
  if (!png::decodeRgb(bytes.data(), bytes.size(), img, error))
    imageError(what, path, error);
  return img;
}

void toPlanes(const png::Image &img, int channels, float *dst) {
  size_t plane = size_t(img.width) * img.height;
  for (size_t i = 0; i < plane; ++i) {
    const uint8_t *px = &img.rgb[i * 3];
    if (channels == 1) {
      dst[i] = (float(px[0]) + float(px[1]) + float(px[2])) / (3.0f * 255.0f);
    } else {
      for (int c = 0; c < 3; ++c)
        dst[c * plane + i] = float(px[c]) / 255.0f;
    }
  }
}

void checkChannels(int channels, const char *what, const std::string &path) {
  if (channels != 1 && channels != 3)
    imageError(what, path,
               "channels must be 1 or 3, not " + std::to_string(channels));
}

/// Decodes \p p into \p h; a height or width of -1 accepts any size that
/// fits the buffer.
void loadInto(float *h, const neve_str *p, int32_t channels, int32_t height,
              int32_t width) {
  const char *what = "load_img";
  std::string path = toPath(p, what);
  checkChannels(channels, what, path);
  if (!h)
    imageError(what, path, "the buffer is nil");
  int64_t room = neve_host_bytes_after(h);
  if (room < 0)
    imageError(what, path,
               "the buffer was not allocated by cumalloc_host, so its size is "
               "unknown");
  guardNative(what, path, [&] {
    std::vector<uint8_t> bytes = readFile(path, what);
    png::Info info;
    std::string error;
    if (!png::checkHeader(bytes.data(), bytes.size(), info, error))
      imageError(what, path, error);
    std::string size =
        std::to_string(info.height) + "x" + std::to_string(info.width);
    if (height >= 0 &&
        (int64_t(info.height) != height || int64_t(info.width) != width))
      imageError(what, path,
                 "the image is " + size + ", the dataset's images are " +
                     std::to_string(height) + "x" + std::to_string(width));
    uint64_t need = uint64_t(channels) * info.height * info.width * 4;
    if (need > uint64_t(room))
      imageError(what, path,
                 "the image is " + size + ": " + std::to_string(channels) +
                     " x " + size + " floats need " + std::to_string(need) +
                     " bytes, the buffer holds " + std::to_string(room));
    toPlanes(decode(path, bytes, what), channels, h);
  });
}

} // namespace

extern "C" void float_cpu_load_img(void *ctx, float *h, const neve_str *p,
                                   int32_t channels) {
  (void)ctx;
  loadInto(h, p, channels, -1, -1);
}

extern "C" void load_img_sized(void *ctx, float *h, const neve_str *p,
                               int32_t channels, int32_t height,
                               int32_t width) {
  (void)ctx;
  loadInto(h, p, channels, height, width);
}

struct ImageResult {
  float *data;
  neve_array *dims;
};

extern "C" ImageResult load_image(void *ctx, const neve_str *p,
                                  int32_t channels) {
  const char *what = "load_image";
  std::string path = toPath(p, what);
  checkChannels(channels, what, path);
  return guardNative(what, path, [&] {
    png::Image img = decode(path, readFile(path, what), what);
    float *h = cumalloc_host(ctx, int64_t(channels) * img.width * img.height *
                                      int64_t(sizeof(float)));
    toPlanes(img, channels, h);
    neve_array *dims = neve_array_new_atomic(4, 3);
    int32_t *d = static_cast<int32_t *>(dims->data);
    d[0] = channels;
    d[1] = int32_t(img.height);
    d[2] = int32_t(img.width);
    return ImageResult{h, dims};
  });
}

extern "C" void float_cpu_save_png(void *ctx, const float *h, int32_t channels,
                                   int32_t height, int32_t width,
                                   const neve_str *p) {
  (void)ctx;
  const char *what = "save_png";
  std::string path = toPath(p, what);
  checkChannels(channels, what, path);
  if (height <= 0 || width <= 0)
    imageError(what, path, "bad size " + std::to_string(height) + "x" +
                               std::to_string(width));
  if (!h)
    imageError(what, path, "the buffer is nil");
  // The buffer must hold what is written, when the runtime knows it.
  uint64_t plane64 = uint64_t(width) * uint64_t(height);
  if (plane64 > png::kMaxPixels)
    imageError(what, path, "the image is " + std::to_string(height) + "x" +
                               std::to_string(width) + ", over the limit of " +
                               std::to_string(png::kMaxPixels) + " pixels");
  int64_t room = neve_host_bytes_after(h);
  if (room >= 0 && uint64_t(room) < plane64 * uint64_t(channels) * 4)
    imageError(what, path, "the buffer holds " + std::to_string(room) +
                               " bytes, not " + std::to_string(channels) +
                               " x " + std::to_string(height) + " x " +
                               std::to_string(width) + " floats");
  size_t plane = size_t(plane64);
  guardNative(what, path, [&] {
    std::vector<uint8_t> px(plane * channels);
    for (size_t i = 0; i < plane; ++i)
      for (int c = 0; c < channels; ++c) {
        float v = h[c * plane + i];
        v = v > 1.0f ? 1.0f : (v >= 0.0f ? v : 0.0f); // NaN gives 0
        px[i * channels + c] = uint8_t(v * 255.0f + 0.5f);
      }
    png_image image;
    std::memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = uint32_t(width);
    image.height = uint32_t(height);
    image.format = channels == 1 ? PNG_FORMAT_GRAY : PNG_FORMAT_RGB;
    if (!png_image_write_to_file(&image, path.c_str(), 0, px.data(), 0,
                                 nullptr))
      imageError(what, path, image.message);
  });
}
