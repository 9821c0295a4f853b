//===- TokenFiles.cpp - Token files and window orders -----------*- C++ -*-===//
//
// The natives of the tokenised-data pipeline over the formats of
// TokenFileFormat.h (proto without sys: the runtime context comes first):
//
//   token_file_write(str path, array<int> ids, array<str> err) -> bool
//       writes ids (each in 0..65535) as a token file, through PATH.tmp.
//   token_file_map(str path, array<int> info, array<str> err) -> i16[]
//       maps a token file read-only and returns its first token (ids above
//       32767 read as negative i16: add 65536); appends the token count to
//       `info`. The mapping lives as long as the program: the loader that
//       asked for it reads windows from it until the end.
//   order_file_write(str path, array<int> header, array<int> offsets,
//                    array<str> err) -> bool
//       header = [B, T, steps, seed, tokens, windows]; offsets holds
//       steps*B window starts.
//   order_file_read(str path, array<int> header, array<str> err) -> array<int>
//       appends the six header fields to `header`, returns the offsets.
//
// As with TextFiles.cpp, a problem with a file returns nil (false) and
// appends a sentence naming the file to `err`, for the Neve caller to
// report at its caller's line.
//
//===----------------------------------------------------------------------===//

#include "NativeGuard.h"
#include "TokenFileFormat.h"

#include "neve/Runtime/neve_runtime.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace neve_rt;
using namespace neve_rt::tokens;

namespace {

std::string pathOf(const neve_str *path, const char *what) {
  if (!path)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the path is nil", what);
  return std::string(path->data, size_t(path->size));
}

const int32_t *intsOf(const neve_array *a, const char *what,
                      const char *which) {
  if (!a)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the %s array is nil", what, which);
  if (a->elem_size != 4)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the %s array must be an "
                   "array<int>", what, which);
  return static_cast<const int32_t *>(a->data);
}

void checkErrArray(const neve_array *err, const char *what) {
  if (!err)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the error array is nil", what);
  if (err->elem_size != int64_t(sizeof(void *)))
    neve_rt_errorf("<runtime>", 0, 0, "%s: the error array must be an "
                   "array<str>", what);
}

void report(void *ctx, neve_array *err, const std::string &path,
            const std::string &msg) {
  std::string text = path + ": " + msg;
  neve_str *s =
      static_cast<neve_thread_context *>(ctx)->str_from_cstr(text.c_str());
  neve_array_append(err, &s, "<runtime>", 0, 0);
}

/// Writes \p chunks one after the other to PATH.tmp, then renames it.
bool writeWhole(void *ctx, neve_array *err, const std::string &path,
                const std::vector<std::pair<const void *, size_t>> &chunks) {
  std::string tmp = path + ".tmp";
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f) {
    report(ctx, err, path, "cannot open '" + tmp + "' for writing: " +
                               std::strerror(errno));
    return false;
  }
  bool ok = true;
  for (const auto &[data, bytes] : chunks)
    ok = ok && (bytes == 0 || std::fwrite(data, 1, bytes, f) == bytes);
  ok = (std::fclose(f) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    report(ctx, err, path, "write failed: " + why);
    return false;
  }
  return true;
}

/// The whole of a small file (a window order), or false with \p err set.
bool readWhole(void *ctx, neve_array *err, const std::string &path,
               std::vector<uint8_t> &out) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    report(ctx, err, path, std::string("cannot open: ") + std::strerror(errno));
    return false;
  }
  uint8_t buf[1 << 16];
  size_t got;
  while ((got = std::fread(buf, 1, sizeof buf, f)) > 0)
    out.insert(out.end(), buf, buf + got);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed)
    report(ctx, err, path, "read failed");
  return !failed;
}

} // namespace

extern "C" bool token_file_write(void *ctx, const neve_str *pathStr,
                                 const neve_array *ids, neve_array *err) {
  const char *what = "token_file_write";
  std::string path = pathOf(pathStr, what);
  const int32_t *xs = intsOf(ids, what, "ids");
  checkErrArray(err, what);
  return guardNative(what, path, [&] {
    if (ids->size > INT32_MAX) {
      report(ctx, err, path, std::to_string(ids->size) +
                                 " tokens, more than a token file holds");
      return false;
    }
    std::vector<uint8_t> body(size_t(ids->size) * 2);
    for (int64_t i = 0; i < ids->size; ++i) {
      if (xs[i] < 0 || xs[i] > 65535) {
        report(ctx, err, path, "token " + std::to_string(xs[i]) +
                                   " at position " + std::to_string(i) +
                                   " does not fit in 16 bits");
        return false;
      }
      body[size_t(i) * 2] = uint8_t(xs[i]);
      body[size_t(i) * 2 + 1] = uint8_t(xs[i] >> 8);
    }
    std::vector<uint8_t> header = tokenHeader(int32_t(ids->size));
    return writeWhole(ctx, err, path,
                      {{header.data(), header.size()},
                       {body.data(), body.size()}});
  });
}

extern "C" int16_t *token_file_map(void *ctx, const neve_str *pathStr,
                                   neve_array *info, neve_array *err) {
  const char *what = "token_file_map";
  std::string path = pathOf(pathStr, what);
  intsOf(info, what, "info");
  checkErrArray(err, what);
  int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) {
    report(ctx, err, path, std::string("cannot open: ") + std::strerror(errno));
    return nullptr;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    report(ctx, err, path, "not a regular file");
    return nullptr;
  }
  uint64_t bytes = uint64_t(st.st_size);
  uint8_t header[kTokenHeaderBytes] = {};
  ssize_t got = bytes >= kTokenHeaderBytes
                    ? pread(fd, header, kTokenHeaderBytes, 0)
                    : ssize_t(kTokenHeaderBytes);
  int64_t n = 0;
  std::string error;
  if (got != ssize_t(kTokenHeaderBytes)) {
    close(fd);
    report(ctx, err, path, "cannot read the header");
    return nullptr;
  }
  if (!parseTokenHeader(header, bytes, n, error)) {
    close(fd);
    report(ctx, err, path, error);
    return nullptr;
  }
  void *base = mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE, fd, 0);
  int mapErrno = errno;
  close(fd);
  if (base == MAP_FAILED) {
    report(ctx, err, path, std::string("cannot map: ") +
                               std::strerror(mapErrno));
    return nullptr;
  }
  int32_t count = int32_t(n);
  neve_array_append(info, &count, "<runtime>", 0, 0);
  return reinterpret_cast<int16_t *>(static_cast<uint8_t *>(base) +
                                     kTokenHeaderBytes);
}

extern "C" bool order_file_write(void *ctx, const neve_str *pathStr,
                                 const neve_array *headerArr,
                                 const neve_array *offsets, neve_array *err) {
  const char *what = "order_file_write";
  std::string path = pathOf(pathStr, what);
  const int32_t *hv = intsOf(headerArr, what, "header");
  const int32_t *ov = intsOf(offsets, what, "offsets");
  checkErrArray(err, what);
  if (headerArr->size != 6)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the header holds %lld values, "
                   "not 6 (B, T, steps, seed, tokens, windows)", what,
                   static_cast<long long>(headerArr->size));
  return guardNative(what, path, [&] {
    OrderHeader h;
    h.batch = hv[0];
    h.seq = hv[1];
    h.steps = hv[2];
    h.seed = hv[3];
    h.tokens = hv[4];
    h.windows = hv[5];
    if (h.batch < 1 || h.seq < 1 || h.steps < 0 ||
        int64_t(h.batch) * h.steps != offsets->size) {
      report(ctx, err, path, std::to_string(offsets->size) +
                                 " offsets for " + std::to_string(h.steps) +
                                 " steps of " + std::to_string(h.batch) +
                                 " rows");
      return false;
    }
    std::vector<uint8_t> header = orderHeader(h);
    std::vector<uint8_t> body;
    body.reserve(size_t(offsets->size) * 4);
    for (int64_t i = 0; i < offsets->size; ++i)
      appendLE32(body, ov[i]);
    return writeWhole(ctx, err, path,
                      {{header.data(), header.size()},
                       {body.data(), body.size()}});
  });
}

extern "C" neve_array *order_file_read(void *ctx, const neve_str *pathStr,
                                       neve_array *headerArr,
                                       neve_array *err) {
  const char *what = "order_file_read";
  std::string path = pathOf(pathStr, what);
  intsOf(headerArr, what, "header");
  checkErrArray(err, what);
  return guardNative(what, path, [&]() -> neve_array * {
    std::vector<uint8_t> bytes;
    if (!readWhole(ctx, err, path, bytes))
      return nullptr;
    OrderHeader h;
    std::string error;
    if (!parseOrderHeader(bytes.data(), bytes.size(), h, error)) {
      report(ctx, err, path, error);
      return nullptr;
    }
    for (int32_t v : {h.batch, h.seq, h.steps, h.seed, h.tokens, h.windows})
      neve_array_append(headerArr, &v, "<runtime>", 0, 0);
    int64_t count = int64_t(h.batch) * h.steps;
    neve_array *out = neve_array_new_atomic(4, count);
    auto *dst = static_cast<int32_t *>(out->data);
    for (int64_t i = 0; i < count; ++i)
      dst[i] = readLE32(bytes.data() + kOrderHeaderBytes + 4 * i);
    return out;
  });
}
