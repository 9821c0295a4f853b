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
// The format: a big-endian magic 0x0000TTRR (TT the element type: 0x08
// ubyte, 0x09 sbyte, 0x0B i16, 0x0C i32, 0x0D f32, 0x0E f64; RR the rank),
// RR big-endian u32 extents, then the elements, big-endian, row-major.
// Every problem (missing file, bad magic, truncated data, a size that does
// not fit) is a runtime error naming the file.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <zlib.h>

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fileError(const char *what, const std::string &path,
                           const std::string &msg) {
  neve_rt_errorf("<runtime>", 0, 0, "%s: %s: %s", what, path.c_str(),
                 msg.c_str());
}

[[noreturn]] void idxError(const std::string &path, const std::string &msg) {
  fileError("idx_read", path, msg);
}

/// Reads all of \p path through zlib (which reads plain files as they are).
std::vector<uint8_t> slurp(const std::string &path, const char *what) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f)
    fileError(what, path, std::string("cannot open: ") + std::strerror(errno));
  std::vector<uint8_t> data;
  uint8_t chunk[1 << 16];
  for (;;) {
    int n = gzread(f, chunk, sizeof chunk);
    if (n < 0) {
      int code = 0;
      std::string why = gzerror(f, &code);
      gzclose(f);
      fileError(what, path, "read error: " + why);
    }
    if (n == 0)
      break;
    data.insert(data.end(), chunk, chunk + n);
  }
  gzclose(f);
  return data;
}

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

int elementSize(uint8_t type) {
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

} // namespace

extern "C" float *idx_read(void *ctx, const neve_str *pathStr,
                           neve_array *dims) {
  if (!pathStr)
    neve_rt_error("<runtime>", 0, 0, "idx_read: the path is nil");
  std::string path(pathStr->data, size_t(pathStr->size));
  if (!dims)
    idxError(path, "the dims array is nil");
  if (dims->elem_size != 4)
    idxError(path, "dims must be an array<int>");
  std::vector<uint8_t> data = slurp(path, "idx_read");
  if (data.size() < 4)
    idxError(path, "too short for an IDX header (" +
                       std::to_string(data.size()) + " bytes)");
  if (data[0] != 0 || data[1] != 0)
    idxError(path, "not an IDX file (the magic number does not start with "
                   "two zero bytes)");
  uint8_t type = data[2];
  unsigned rank = data[3];
  int esize = elementSize(type);
  if (esize == 0)
    idxError(path, "unknown IDX element type 0x" +
                       std::to_string(unsigned(type)));
  if (rank == 0)
    idxError(path, "rank 0");
  if (data.size() < 4 + 4 * size_t(rank))
    idxError(path, "truncated header");
  uint64_t count = 1;
  std::vector<int32_t> extents;
  for (unsigned d = 0; d < rank; ++d) {
    uint32_t e = be32(&data[4 + 4 * d]);
    if (e > uint32_t(INT32_MAX))
      idxError(path, "extent " + std::to_string(e) + " does not fit an int");
    extents.push_back(int32_t(e));
    count *= e;
    if (count > (uint64_t(1) << 34))
      idxError(path, "too many elements");
  }
  size_t header = 4 + 4 * size_t(rank);
  uint64_t need = count * uint64_t(esize);
  if (data.size() - header < need)
    idxError(path, "truncated: the header announces " + std::to_string(need) +
                       " bytes of data, the file holds " +
                       std::to_string(data.size() - header));
  float *out = cumalloc_host(ctx, int64_t(count * 4));
  const uint8_t *p = data.data() + header;
  if (type == 0x08) {
    for (uint64_t i = 0; i < count; ++i)
      out[i] = float(p[i]);
  } else {
    for (uint64_t i = 0; i < count; ++i)
      out[i] = element(p + i * esize, type);
  }
  for (int32_t e : extents)
    neve_array_append(dims, &e, "<runtime>", 0, 0);
  return out;
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
// channel-major 3x32x32) into the buffers, pixels as 0..255 floats; returns
// the number of records.
extern "C" int32_t cifar_read(void *ctx, const neve_str *pathStr,
                              float *images, float *labels) {
  (void)ctx;
  if (!pathStr)
    neve_rt_error("<runtime>", 0, 0, "cifar_read: the path is nil");
  std::string path(pathStr->data, size_t(pathStr->size));
  std::vector<uint8_t> data = slurp(path, "cifar_read");
  const size_t rec = 3073;
  if (data.size() % rec != 0)
    neve_rt_errorf("<runtime>", 0, 0,
                   "cifar_read: %s: %zu bytes is not a whole number of "
                   "3073-byte records",
                   path.c_str(), data.size());
  if (!images || !labels)
    neve_rt_errorf("<runtime>", 0, 0, "cifar_read: %s: a buffer is nil",
                   path.c_str());
  size_t n = data.size() / rec;
  for (size_t r = 0; r < n; ++r) {
    const uint8_t *p = &data[r * rec];
    if (p[0] > 9)
      neve_rt_errorf("<runtime>", 0, 0,
                     "cifar_read: %s: record %zu has label %u (not 0..9)",
                     path.c_str(), r, unsigned(p[0]));
    labels[r] = float(p[0]);
    for (size_t k = 0; k < 3072; ++k)
      images[r * 3072 + k] = float(p[1 + k]);
  }
  return int32_t(n);
}
