//===- TextFiles.cpp - Whole files as strings -------------------*- C++ -*-===//
//
// The file access of the bpe package (libs/bpe/files.nv): a corpus or a
// vocabulary read whole into a `str` (a byte string: any bytes, UTF-8 or
// not), a string written whole, and the concatenation of many strings in
// one allocation (decoding tokens). Natives (proto without sys: the runtime
// context comes first):
//
//   text_file_read(str path, array<str> err) -> str
//   text_file_write(str path, str data, array<str> err) -> bool
//   str_join(array<str> parts) -> str
//
// A problem with a file (missing, unreadable, over 2 GiB, a failed write)
// is not a runtime error here: the file natives return nil (or false) and
// append a sentence naming the file to `err`, so that the Neve caller
// reports it at its own caller's line (`fail_at`, reference §3.2). A write
// goes to PATH.tmp, renamed to PATH once complete.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace {

neve_thread_context *context(void *ctx) {
  return static_cast<neve_thread_context *>(ctx);
}

neve_str *newStr(void *ctx, int64_t size) {
  auto *s = static_cast<neve_str *>(
      context(ctx)->alloc_atomic(int64_t(sizeof(neve_str)) + size + 1));
  if (!s)
    neve_rt_error("<runtime>", 0, 0, "out of memory");
  s->size = size;
  s->data[size] = '\0';
  return s;
}

std::string pathOf(const neve_str *path, const char *what) {
  if (!path)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the path is nil", what);
  return std::string(path->data, size_t(path->size));
}

void checkErrArray(const neve_array *err, const char *what) {
  if (!err)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the error array is nil", what);
  if (err->elem_size != int64_t(sizeof(void *)))
    neve_rt_errorf("<runtime>", 0, 0, "%s: the error array must be an "
                   "array<str>", what);
}

/// Appends `PATH: MSG` to \p err.
void report(void *ctx, neve_array *err, const std::string &path,
            const std::string &msg) {
  std::string text = path + ": " + msg;
  neve_str *s = context(ctx)->str_from_cstr(text.c_str());
  neve_array_append(err, &s, "<runtime>", 0, 0);
}

} // namespace

extern "C" neve_str *text_file_read(void *ctx, const neve_str *pathStr,
                                    neve_array *err) {
  const char *what = "text_file_read";
  std::string path = pathOf(pathStr, what);
  checkErrArray(err, what);
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f) {
    report(ctx, err, path, std::string("cannot open: ") + std::strerror(errno));
    return nullptr;
  }
  struct stat st;
  if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
    std::fclose(f);
    report(ctx, err, path, "not a regular file");
    return nullptr;
  }
  if (st.st_size > INT32_MAX) {
    std::fclose(f);
    report(ctx, err, path, "over 2 GiB, more than a str can hold");
    return nullptr;
  }
  neve_str *s = newStr(ctx, int64_t(st.st_size));
  size_t got = std::fread(s->data, 1, size_t(st.st_size), f);
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed || got != size_t(st.st_size)) {
    report(ctx, err, path, "read " + std::to_string(got) + " of " +
                               std::to_string(st.st_size) + " bytes");
    return nullptr;
  }
  return s;
}

extern "C" bool text_file_write(void *ctx, const neve_str *pathStr,
                                const neve_str *data, neve_array *err) {
  const char *what = "text_file_write";
  std::string path = pathOf(pathStr, what);
  checkErrArray(err, what);
  if (!data)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the data is nil", what);
  std::string tmp = path + ".tmp";
  FILE *f = std::fopen(tmp.c_str(), "wb");
  if (!f) {
    report(ctx, err, path, "cannot open '" + tmp + "' for writing: " +
                               std::strerror(errno));
    return false;
  }
  bool ok = std::fwrite(data->data, 1, size_t(data->size), f) ==
            size_t(data->size);
  ok = (std::fclose(f) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    report(ctx, err, path, "write failed: " + why);
    return false;
  }
  return true;
}

extern "C" neve_str *str_join(void *ctx, const neve_array *parts) {
  if (!parts)
    neve_rt_error("<runtime>", 0, 0, "str_join: the array is nil");
  if (parts->elem_size != int64_t(sizeof(void *)))
    neve_rt_error("<runtime>", 0, 0, "str_join: the array must be an "
                  "array<str>");
  auto *elems = static_cast<const neve_str *const *>(parts->data);
  int64_t total = 0;
  for (int64_t i = 0; i < parts->size; ++i) {
    if (!elems[i])
      neve_rt_errorf("<runtime>", 0, 0, "str_join: element %lld is nil",
                     static_cast<long long>(i));
    total += elems[i]->size;
  }
  neve_str *s = newStr(ctx, total);
  int64_t at = 0;
  for (int64_t i = 0; i < parts->size; ++i) {
    std::memcpy(s->data + at, elems[i]->data, size_t(elems[i]->size));
    at += elems[i]->size;
  }
  return s;
}
