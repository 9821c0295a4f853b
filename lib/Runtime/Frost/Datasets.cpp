//===- Datasets.cpp - Dataset files for Frost's loaders ---------*- C++ -*-===//
//
// IDX files (MNIST, Fashion-MNIST), CIFAR-10 binary batches, file sizes.
//
// `proto float_cpu idx_read(str path, array<int> dims)` (frost/data.nv):
// reads an IDX file, gzip-compressed (`.gz`, as Debian's
// dataset-fashion-mnist ships them) or not, appends its dimensions to
// `dims` and returns its elements converted to float in a new host buffer
// (cumalloc_host: malloc'ed, not collected). Values are not scaled: pixels
// stay 0..255 and labels their class ids.
//
// The format and its checks are in IdxFormat.h: the header is read and
// checked first, then exactly the payload it announces (gzip data is
// decompressed as it is read, ByteSource.h), then nothing more may follow;
// the output is allocated only once the payload is in. Every problem
// (missing file, bad magic, truncated or trailing data, a size that does
// not fit) is a runtime error naming the file, and so is any C++ exception
// (NativeGuard.h).
//
//===----------------------------------------------------------------------===//

#include "ByteSource.h"
#include "IdxFormat.h"
#include "NativeGuard.h"

#include "neve/Runtime/neve_runtime.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace neve_rt;

namespace {

[[noreturn]] void fileError(const char *what, const std::string &path,
                           const std::string &msg) {
  neve_rt_errorf("<runtime>", 0, 0, "%s: %s: %s", what, path.c_str(),
                 msg.c_str());
}

/// An open file, closed when it goes out of scope.
struct File {
  File(const std::string &path, const char *what)
      : f(std::fopen(path.c_str(), "rb")) {
    if (!f)
      fileError(what, path, std::string("cannot open: ") + std::strerror(errno));
  }
  ~File() { std::fclose(f); }
  File(const File &) = delete;
  File &operator=(const File &) = delete;
  FILE *f;
};

/// The room, in floats, after \p p in the runtime's host buffer holding it;
/// a buffer the runtime did not make is an error (its size is unknown).
uint64_t roomFor(const float *p, const char *what, const std::string &path,
                 const char *which) {
  int64_t bytes = neve_host_bytes_after(p);
  if (bytes < 0)
    fileError(what, path,
              std::string("the ") + which +
                  " buffer was not allocated by cumalloc_host, so its size "
                  "is unknown");
  return uint64_t(bytes) / 4;
}

} // namespace

extern "C" float *idx_read(void *ctx, const neve_str *pathStr,
                           neve_array *dims) {
  if (!pathStr)
    neve_rt_error("<runtime>", 0, 0, "idx_read: the path is nil");
  std::string path(pathStr->data, size_t(pathStr->size));
  return guardNative("idx_read", path, [&] {
    if (!dims)
      fileError("idx_read", path, "the dims array is nil");
    if (dims->elem_size != 4)
      fileError("idx_read", path, "dims must be an array<int>");
    File file(path, "idx_read");
    FileSource raw(file.f);
    MaybeGzipSource src(raw);
    idx::Array array;
    std::string error;
    auto allocate = [ctx](uint64_t bytes) {
      return cumalloc_host(ctx, int64_t(bytes));
    };
    if (!idx::readIdx(src, allocate, array, error))
      fileError("idx_read", path, error);
    for (int32_t e : array.dims)
      neve_array_append(dims, &e, "<runtime>", 0, 0);
    return array.data;
  });
}

// `proto int file_size(str)`: the size in bytes (an error when missing or
// over 2 GiB).
extern "C" int32_t file_size(void *ctx, const neve_str *pathStr) {
  (void)ctx;
  if (!pathStr)
    neve_rt_error("<runtime>", 0, 0, "file_size: the path is nil");
  std::string path(pathStr->data, size_t(pathStr->size));
  struct stat st;
  if (stat(path.c_str(), &st) != 0)
    neve_rt_errorf("<runtime>", 0, 0, "file_size: %s: %s", path.c_str(),
                   std::strerror(errno));
  if (st.st_size > INT32_MAX)
    neve_rt_errorf("<runtime>", 0, 0, "file_size: %s: over 2 GiB",
                   path.c_str());
  return int32_t(st.st_size);
}

// `proto int cifar_read(str path, float_cpu images, float_cpu labels)`: a
// CIFAR-10 binary batch (records of 1 label byte and 3072 pixel bytes,
// channel-major 3x32x32, gzip-compressed or not) into the buffers, pixels
// as 0..255 floats; returns the number of records. Both buffers must come
// from the runtime (cumalloc_host, perhaps `offby`), which knows their
// sizes: a file with more records than they hold is an error, not an
// overflow. Records are read one at a time.
extern "C" int32_t cifar_read(void *ctx, const neve_str *pathStr,
                              float *images, float *labels) {
  (void)ctx;
  if (!pathStr)
    neve_rt_error("<runtime>", 0, 0, "cifar_read: the path is nil");
  std::string path(pathStr->data, size_t(pathStr->size));
  const char *what = "cifar_read";
  return guardNative(what, path, [&] {
    if (!images || !labels)
      fileError(what, path, "a buffer is nil");
    uint64_t imageRoom = roomFor(images, what, path, "images");
    uint64_t labelRoom = roomFor(labels, what, path, "labels");
    File file(path, what);
    FileSource raw(file.f);
    MaybeGzipSource src(raw);
    const size_t rec = 3073;
    uint8_t p[rec];
    uint64_t n = 0;
    for (;;) {
      int64_t got = src.readFully(p, rec);
      if (got < 0)
        fileError(what, path, src.error());
      if (got == 0)
        break;
      if (size_t(got) < rec)
        fileError(what, path,
                  std::to_string(n * rec + uint64_t(got)) +
                      " bytes is not a whole number of 3073-byte records");
      if (p[0] > 9)
        fileError(what, path,
                  "record " + std::to_string(n) + " has label " +
                      std::to_string(unsigned(p[0])) + " (not 0..9)");
      if ((n + 1) * 3072 > imageRoom || n + 1 > labelRoom)
        fileError(what, path,
                  "more than the " + std::to_string(n) +
                      " records the buffers hold (room for " +
                      std::to_string(imageRoom / 3072) + " images and " +
                      std::to_string(labelRoom) + " labels)");
      if (n + 1 > uint64_t(INT32_MAX))
        fileError(what, path, "too many records");
      labels[n] = float(p[0]);
      float *img = images + n * 3072;
      for (size_t k = 0; k < 3072; ++k)
        img[k] = float(p[1 + k]);
      ++n;
    }
    return int32_t(n);
  });
}
