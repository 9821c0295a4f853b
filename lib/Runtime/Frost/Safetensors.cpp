//===- Safetensors.cpp - Checkpoints in the safetensors format --*- C++ -*-===//
//
// Frost's checkpoints (frost/checkpoint.nv) are safetensors files, the
// format PyTorch's `safetensors` package reads and writes:
//
//   u64 little-endian N, then N bytes of JSON
//     {"name": {"dtype": "F32", "shape": [..], "data_offsets": [b, e]}, ...,
//      "__metadata__": {"format": "pt"}}
//   (padded with spaces to a multiple of 8), then the data, each tensor's
//   bytes at [b, e) of the data section, little-endian, row-major.
//
// Natives (proto without sys: the runtime context comes first):
//   safetensors_save(str path, array<str> names, float_cpu data,
//                    array<int> ranks, array<int> dims)
//       writes F32 tensors; tensor k has ranks[k] extents, taken in order
//       from the flattened `dims`, and its values follow the previous
//       tensor's in `data`. Written to PATH.tmp, then renamed, so an
//       interrupted save never leaves half a checkpoint under PATH.
//   safetensors_names(str path) -> array<str>   names in file order
//   safetensors_header(str path, array<str> names, array<int> ranks,
//                      array<int> dims, array<str> dtypes)
//       appends every tensor's name, rank, extents (flattened) and dtype,
//       in file order, reading nothing but the header: what a checkpoint
//       checks before it reads anything (frost/checkpoint.nv).
//   safetensors_read(str path, str name, array<int> dims) -> float_cpu
//       appends the tensor's shape to `dims` and returns its values as
//       floats (F32, BF16, F16 and F64 are converted) in a new host buffer.
// Malformed files, missing names and I/O failures are runtime errors. The
// header is parsed and checked against the file's real size before anything
// is allocated (SafetensorsFormat.h): a shape whose product overflows, an
// extent that does not fit an int or offsets past the end of the file are
// refused, and no C++ exception escapes (NativeGuard.h).
//
//===----------------------------------------------------------------------===//

#include "NativeGuard.h"
#include "SafetensorsFormat.h"

#include "neve/Runtime/neve_runtime.h"

#include <nlohmann/json.hpp>

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace neve_rt;

namespace {

using json = nlohmann::ordered_json;

[[noreturn]] void stError(const char *what, const std::string &path,
                          const std::string &msg) {
  neve_rt_errorf("<runtime>", 0, 0, "%s: %s: %s", what, path.c_str(),
                 msg.c_str());
}

std::string str(const neve_str *s, const char *what, const char *which) {
  if (!s)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the %s is nil", what, which);
  return std::string(s->data, size_t(s->size));
}

template <typename T> const T *elems(const neve_array *a, const char *what,
                                     const char *which) {
  if (!a)
    neve_rt_errorf("<runtime>", 0, 0, "%s: the %s array is nil", what, which);
  if (a->elem_size != int64_t(sizeof(T)))
    neve_rt_errorf("<runtime>", 0, 0, "%s: the %s array has the wrong element "
                   "type", what, which);
  return static_cast<const T *>(a->data);
}

/// A safetensors file opened for reading, its header parsed and checked.
struct Reader {
  Reader(const std::string &path, const char *what) : path(path), what(what) {
    f = std::fopen(path.c_str(), "rb");
    if (!f)
      stError(what, path, std::string("cannot open: ") + std::strerror(errno));
    struct stat st;
    if (fstat(fileno(f), &st) != 0)
      stError(what, path, std::string("cannot stat: ") + std::strerror(errno));
    if (!S_ISREG(st.st_mode))
      stError(what, path, "not a regular file");
    uint64_t size = uint64_t(st.st_size);
    uint8_t first8[8];
    uint64_t length = 0;
    std::string error;
    if (std::fread(first8, 1, 8, f) != 8)
      stError(what, path, "too short for a safetensors header");
    if (!safetensors::headerLength(first8, size, length, error))
      stError(what, path, error);
    std::string text(length, '\0');
    if (length && std::fread(text.data(), 1, length, f) != length)
      stError(what, path, "truncated header");
    if (!safetensors::parseHeader(text.data(), text.size(), size, header,
                                  error))
      stError(what, path, error);
  }
  ~Reader() { std::fclose(f); }
  Reader(const Reader &) = delete;
  Reader &operator=(const Reader &) = delete;

  /// Reads tensor \p t (of a readable dtype) into a new host buffer,
  /// converting a chunk at a time.
  float *read(void *ctx, const safetensors::Tensor &t) {
    if (t.count > uint64_t(INT64_MAX) / 4)
      stError(what, path, "tensor '" + t.name + "' is too large");
    float *out = cumalloc_host(ctx, int64_t(t.count * 4));
    if (fseeko(f, off_t(header.dataStart + t.begin), SEEK_SET) != 0)
      stError(what, path, "cannot seek to the data of '" + t.name + "'");
    const uint64_t chunk = (uint64_t(1) << 20) / 8;
    std::vector<uint8_t> raw(size_t(chunk) * size_t(t.elementSize));
    for (uint64_t at = 0; at < t.count; at += chunk) {
      uint64_t k = t.count - at < chunk ? t.count - at : chunk;
      size_t bytes = size_t(k) * size_t(t.elementSize);
      if (std::fread(raw.data(), 1, bytes, f) != bytes)
        stError(what, path, "truncated data for '" + t.name + "'");
      safetensors::toFloats(t.dtype, raw.data(), k, out + at);
    }
    return out;
  }

  std::string path;
  const char *what;
  FILE *f = nullptr;
  safetensors::Header header;
};

} // namespace

extern "C" void safetensors_save(void *ctx, const neve_str *pathStr,
                                 const neve_array *names, const float *data,
                                 const neve_array *ranks,
                                 const neve_array *dims) {
  (void)ctx;
  const char *what = "safetensors_save";
  std::string path = str(pathStr, what, "path");
  // dump() throws on a name that is not UTF-8: guarded.
  guardNative(what, path, [&] {
    const neve_str *const *nm = elems<const neve_str *>(names, what, "names");
    const int32_t *rk = elems<int32_t>(ranks, what, "ranks");
    const int32_t *dm = elems<int32_t>(dims, what, "dims");
    int64_t count = names->size;
    if (ranks->size != count)
      stError(what, path, "names and ranks differ in length");
    json header = json::object();
    uint64_t offset = 0;
    int64_t at = 0;
    for (int64_t k = 0; k < count; ++k) {
      std::string name = str(nm[k], what, "tensor name");
      if (header.contains(name))
        stError(what, path, "duplicate tensor name '" + name + "'");
      json shape = json::array();
      uint64_t n = 1;
      if (rk[k] < 0 || at + rk[k] > dims->size)
        stError(what, path, "the dims array is too short for the ranks");
      bool empty = false;
      for (int32_t d = 0; d < rk[k]; ++d) {
        if (dm[at + d] < 0)
          stError(what, path, "negative extent for '" + name + "'");
        empty = empty || dm[at + d] == 0;
      }
      for (int32_t d = 0; d < rk[k]; ++d) {
        shape.push_back(dm[at]);
        if (!empty && __builtin_mul_overflow(n, uint64_t(dm[at]), &n))
          stError(what, path, "the shape of '" + name + "' is too large");
        ++at;
      }
      if (empty)
        n = 0;
      uint64_t end;
      if (__builtin_mul_overflow(n, uint64_t(4), &end) ||
          __builtin_add_overflow(end, offset, &end) || end > uint64_t(INT64_MAX))
        stError(what, path, "the tensors are too large");
      header[name] = {{"dtype", "F32"},
                      {"shape", shape},
                      {"data_offsets", {offset, end}}};
      offset = end;
    }
    if (offset && !data)
      stError(what, path, "the data buffer is nil");
    // The runtime knows the size of its own buffers: never read past one.
    int64_t room = neve_host_bytes_after(data);
    if (offset && room >= 0 && uint64_t(room) < offset)
      stError(what, path, "the tensors need " + std::to_string(offset) +
                              " bytes of data, the buffer holds " +
                              std::to_string(room));
    header["__metadata__"] = {{"format", "pt"}};
    std::string text = header.dump();
    while (text.size() % 8)
      text.push_back(' ');
    std::string tmp = path + ".tmp";
    FILE *f = std::fopen(tmp.c_str(), "wb");
    if (!f)
      stError(what, path, "cannot open '" + tmp + "' for writing: " +
                              std::strerror(errno));
    uint8_t len[8];
    for (int i = 0; i < 8; ++i)
      len[i] = uint8_t(uint64_t(text.size()) >> (8 * i));
    bool ok = std::fwrite(len, 1, 8, f) == 8 &&
              std::fwrite(text.data(), 1, text.size(), f) == text.size();
    ok = ok && (offset == 0 || std::fwrite(data, 1, offset, f) == offset);
    ok = (std::fclose(f) == 0) && ok;
    if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
      std::string why = std::strerror(errno);
      std::remove(tmp.c_str());
      stError(what, path, "write failed: " + why);
    }
  });
}

extern "C" neve_array *safetensors_names(void *ctx, const neve_str *pathStr) {
  const char *what = "safetensors_names";
  std::string path = str(pathStr, what, "path");
  return guardNative(what, path, [&] {
    std::vector<std::string> names;
    {
      Reader r(path, what);
      for (const safetensors::Tensor &t : r.header.tensors)
        names.push_back(t.name);
    }
    neve_array *out = neve_array_new(8, 0);
    auto *c = static_cast<neve_thread_context *>(ctx);
    for (const std::string &name : names) {
      neve_str *s = c->str_from_cstr(name.c_str());
      neve_array_append(out, &s, "<runtime>", 0, 0);
    }
    return out;
  });
}

extern "C" void safetensors_header(void *ctx, const neve_str *pathStr,
                                   neve_array *names, neve_array *ranks,
                                   neve_array *dims, neve_array *dtypes) {
  const char *what = "safetensors_header";
  std::string path = str(pathStr, what, "path");
  elems<const neve_str *>(names, what, "names");
  elems<int32_t>(ranks, what, "ranks");
  elems<int32_t>(dims, what, "dims");
  elems<const neve_str *>(dtypes, what, "dtypes");
  guardNative(what, path, [&] {
    std::vector<safetensors::Tensor> tensors;
    {
      Reader r(path, what);
      tensors = r.header.tensors;
    }
    auto *c = static_cast<neve_thread_context *>(ctx);
    for (const safetensors::Tensor &t : tensors) {
      neve_str *name = c->str_from_cstr(t.name.c_str());
      neve_str *dtype = c->str_from_cstr(t.dtype.c_str());
      int32_t rank = int32_t(t.shape.size());
      neve_array_append(names, &name, "<runtime>", 0, 0);
      neve_array_append(dtypes, &dtype, "<runtime>", 0, 0);
      neve_array_append(ranks, &rank, "<runtime>", 0, 0);
      for (int32_t d : t.shape)
        neve_array_append(dims, &d, "<runtime>", 0, 0);
    }
  });
}

extern "C" float *safetensors_read(void *ctx, const neve_str *pathStr,
                                   const neve_str *nameStr, neve_array *dims) {
  const char *what = "safetensors_read";
  std::string path = str(pathStr, what, "path");
  std::string name = str(nameStr, what, "name");
  elems<int32_t>(dims, what, "dims");
  return guardNative(what, path, [&] {
    Reader r(path, what);
    const safetensors::Tensor *t = r.header.find(name);
    if (!t)
      stError(what, path, "no tensor named '" + name + "'");
    if (!t->elementSize)
      stError(what, path, "tensor '" + name + "' has dtype " + t->dtype +
                              " (F32, F64, BF16 and F16 can be read)");
    float *out = r.read(ctx, *t);
    for (int32_t d : t->shape)
      neve_array_append(dims, &d, "<runtime>", 0, 0);
    return out;
  });
}
