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
//   safetensors_read(str path, str name, array<int> dims) -> float_cpu
//       appends the tensor's shape to `dims` and returns its values as
//       floats (F32, BF16, F16 and F64 are converted) in a new host buffer.
// Malformed files, missing names and I/O failures are runtime errors.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#define JSON_NOEXCEPTION 1
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

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

struct Entry {
  std::string name, dtype;
  std::vector<int64_t> shape;
  uint64_t begin = 0, end = 0;
};

struct Header {
  uint64_t dataStart = 0;
  std::vector<Entry> entries;
};

Header readHeader(FILE *f, const std::string &path, const char *what) {
  uint8_t lenBytes[8];
  if (std::fread(lenBytes, 1, 8, f) != 8)
    stError(what, path, "too short for a safetensors header");
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i)
    n = (n << 8) | lenBytes[i];
  if (n > (uint64_t(100) << 20))
    stError(what, path, "header of " + std::to_string(n) +
                            " bytes: not a safetensors file");
  std::string text(n, '\0');
  if (n && std::fread(text.data(), 1, n, f) != n)
    stError(what, path, "truncated header");
  json j = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object())
    stError(what, path, "the header is not a JSON object");
  Header h;
  h.dataStart = 8 + n;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "__metadata__")
      continue;
    const json &v = it.value();
    Entry e;
    e.name = it.key();
    bool ok = v.is_object() && v.contains("dtype") && v["dtype"].is_string() &&
              v.contains("shape") && v["shape"].is_array() &&
              v.contains("data_offsets") && v["data_offsets"].is_array() &&
              v["data_offsets"].size() == 2 &&
              v["data_offsets"][0].is_number_unsigned() &&
              v["data_offsets"][1].is_number_unsigned();
    if (ok) {
      for (const json &d : v["shape"]) {
        if (!d.is_number_unsigned()) {
          ok = false;
          break;
        }
        e.shape.push_back(d.get<int64_t>());
      }
    }
    if (!ok)
      stError(what, path, "malformed entry for '" + e.name + "'");
    e.dtype = v["dtype"].get<std::string>();
    e.begin = v["data_offsets"][0].get<uint64_t>();
    e.end = v["data_offsets"][1].get<uint64_t>();
    if (e.end < e.begin)
      stError(what, path, "bad data_offsets for '" + e.name + "'");
    h.entries.push_back(std::move(e));
  }
  return h;
}

FILE *openRead(const std::string &path, const char *what) {
  FILE *f = std::fopen(path.c_str(), "rb");
  if (!f)
    stError(what, path, std::string("cannot open: ") + std::strerror(errno));
  return f;
}

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  int exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  uint32_t bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else { // subnormal
      int e = -1;
      do {
        ++e;
        mant <<= 1;
      } while (!(mant & 0x400));
      bits = sign | uint32_t(127 - 15 - e) << 23 | (mant & 0x3ff) << 13;
    }
  } else if (exp == 31) {
    bits = sign | 0x7f800000 | mant << 13;
  } else {
    bits = sign | uint32_t(exp - 15 + 127) << 23 | mant << 13;
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

} // namespace

extern "C" void safetensors_save(void *ctx, const neve_str *pathStr,
                                 const neve_array *names, const float *data,
                                 const neve_array *ranks,
                                 const neve_array *dims) {
  (void)ctx;
  const char *what = "safetensors_save";
  std::string path = str(pathStr, what, "path");
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
    for (int32_t d = 0; d < rk[k]; ++d) {
      if (dm[at] < 0)
        stError(what, path, "negative extent for '" + name + "'");
      shape.push_back(dm[at]);
      n *= uint64_t(dm[at++]);
    }
    if (n && !data)
      stError(what, path, "the data buffer is nil");
    header[name] = {{"dtype", "F32"},
                    {"shape", shape},
                    {"data_offsets", {offset, offset + n * 4}}};
    offset += n * 4;
  }
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
}

extern "C" neve_array *safetensors_names(void *ctx, const neve_str *pathStr) {
  const char *what = "safetensors_names";
  std::string path = str(pathStr, what, "path");
  FILE *f = openRead(path, what);
  Header h = readHeader(f, path, what);
  std::fclose(f);
  neve_array *out = neve_array_new(8, 0);
  auto *c = static_cast<neve_thread_context *>(ctx);
  for (const Entry &e : h.entries) {
    neve_str *s = c->str_from_cstr(e.name.c_str());
    neve_array_append(out, &s, "<runtime>", 0, 0);
  }
  return out;
}

extern "C" float *safetensors_read(void *ctx, const neve_str *pathStr,
                                   const neve_str *nameStr, neve_array *dims) {
  const char *what = "safetensors_read";
  std::string path = str(pathStr, what, "path");
  std::string name = str(nameStr, what, "name");
  elems<int32_t>(dims, what, "dims");
  FILE *f = openRead(path, what);
  Header h = readHeader(f, path, what);
  const Entry *e = nullptr;
  for (const Entry &x : h.entries)
    if (x.name == name)
      e = &x;
  if (!e) {
    std::fclose(f);
    stError(what, path, "no tensor named '" + name + "'");
  }
  int esize = e->dtype == "F32" ? 4
              : e->dtype == "BF16" || e->dtype == "F16" ? 2
              : e->dtype == "F64" ? 8 : 0;
  if (!esize) {
    std::fclose(f);
    stError(what, path, "tensor '" + name + "' has dtype " + e->dtype +
                            " (F32, F64, BF16 and F16 can be read)");
  }
  uint64_t n = 1;
  for (int64_t d : e->shape)
    n *= uint64_t(d);
  if (e->end - e->begin != n * uint64_t(esize)) {
    std::fclose(f);
    stError(what, path, "tensor '" + name + "': data_offsets do not match "
                        "its shape and dtype");
  }
  std::vector<uint8_t> raw(size_t(n) * size_t(esize));
  bool ok = std::fseek(f, long(h.dataStart + e->begin), SEEK_SET) == 0 &&
            (raw.empty() || std::fread(raw.data(), 1, raw.size(), f) ==
                                raw.size());
  std::fclose(f);
  if (!ok)
    stError(what, path, "truncated data for '" + name + "'");
  float *out = cumalloc_host(ctx, int64_t(n * 4));
  for (uint64_t i = 0; i < n; ++i) {
    const uint8_t *p = raw.data() + i * esize;
    if (esize == 4) {
      std::memcpy(&out[i], p, 4);
    } else if (esize == 8) {
      double d;
      std::memcpy(&d, p, 8);
      out[i] = float(d);
    } else {
      uint16_t b = uint16_t(p[0] | (p[1] << 8));
      if (e->dtype == "BF16") {
        uint32_t bits = uint32_t(b) << 16;
        std::memcpy(&out[i], &bits, 4);
      } else {
        out[i] = halfToFloat(b);
      }
    }
  }
  for (int64_t d : e->shape) {
    int32_t v = int32_t(d);
    neve_array_append(dims, &v, "<runtime>", 0, 0);
  }
  return out;
}
