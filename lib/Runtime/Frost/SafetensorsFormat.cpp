//===- SafetensorsFormat.cpp - Parsing safetensors headers ------*- C++ -*-===//
//
// See SafetensorsFormat.h.
//
//===----------------------------------------------------------------------===//

#include "SafetensorsFormat.h"

#include <nlohmann/json.hpp>

#include <cstring>

using namespace neve_rt;
using namespace neve_rt::safetensors;

namespace {

using json = nlohmann::ordered_json;

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

bool isOffset(const json &v) { return v.is_number_unsigned(); }

/// Reads and checks one header entry into \p t; \p dataBytes is the size of
/// the file's data section.
bool parseEntry(const std::string &name, const json &v, uint64_t dataBytes,
                Tensor &t, std::string &error) {
  t.name = name;
  auto malformed = [&] {
    error = "malformed entry for '" + name + "'";
    return false;
  };
  if (!v.is_object())
    return malformed();
  auto dtype = v.find("dtype"), shape = v.find("shape"),
       offsets = v.find("data_offsets");
  if (dtype == v.end() || !dtype->is_string() || shape == v.end() ||
      !shape->is_array() || offsets == v.end() || !offsets->is_array() ||
      offsets->size() != 2 || !isOffset((*offsets)[0]) ||
      !isOffset((*offsets)[1]))
    return malformed();
  t.dtype = dtype->get<std::string>();
  t.elementSize = elementSize(t.dtype);
  bool empty = false;
  for (const json &d : *shape) {
    if (!d.is_number_unsigned())
      return malformed();
    uint64_t e = d.get<uint64_t>();
    if (e > uint64_t(INT32_MAX)) {
      error = "tensor '" + name + "': extent " + std::to_string(e) +
              " does not fit an int";
      return false;
    }
    t.shape.push_back(int32_t(e));
    empty = empty || e == 0;
  }
  t.count = empty ? 0 : 1;
  for (int32_t e : t.shape) {
    if (empty)
      break;
    if (__builtin_mul_overflow(t.count, uint64_t(e), &t.count)) {
      error = "tensor '" + name + "': its shape has more than 2^64 elements";
      return false;
    }
  }
  t.begin = (*offsets)[0].get<uint64_t>();
  t.end = (*offsets)[1].get<uint64_t>();
  if (t.end < t.begin) {
    error = "bad data_offsets for '" + name + "'";
    return false;
  }
  if (t.end > dataBytes) {
    error = "tensor '" + name + "': data_offsets [" + std::to_string(t.begin) +
            ", " + std::to_string(t.end) + "] go past the " +
            std::to_string(dataBytes) + " bytes of data in the file";
    return false;
  }
  uint64_t bytes;
  if (t.elementSize &&
      (__builtin_mul_overflow(t.count, uint64_t(t.elementSize), &bytes) ||
       bytes != t.end - t.begin)) {
    error = "tensor '" + name + "': data_offsets do not match its shape and "
            "dtype";
    return false;
  }
  return true;
}

} // namespace

const Tensor *Header::find(const std::string &name) const {
  for (const Tensor &t : tensors)
    if (t.name == name)
      return &t;
  return nullptr;
}

bool safetensors::headerLength(const uint8_t *first8, uint64_t fileSize,
                               uint64_t &length, std::string &error) {
  if (fileSize < 8) {
    error = "too short for a safetensors header";
    return false;
  }
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i)
    n = (n << 8) | first8[i];
  if (n > kMaxHeaderBytes) {
    error = "header of " + std::to_string(n) +
            " bytes: not a safetensors file";
    return false;
  }
  if (n > fileSize - 8) {
    error = "truncated header (" + std::to_string(n) + " bytes announced, " +
            std::to_string(fileSize - 8) + " in the file)";
    return false;
  }
  length = n;
  return true;
}

bool safetensors::parseHeader(const char *text, size_t length,
                              uint64_t fileSize, Header &out,
                              std::string &error) {
  json j = json::parse(text, text + length, nullptr,
                       /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    error = "the header is not a JSON object";
    return false;
  }
  out.dataStart = 8 + uint64_t(length);
  uint64_t dataBytes = fileSize - out.dataStart;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "__metadata__")
      continue;
    Tensor t;
    if (!parseEntry(it.key(), it.value(), dataBytes, t, error))
      return false;
    out.tensors.push_back(std::move(t));
  }
  return true;
}

int safetensors::elementSize(const std::string &dtype) {
  if (dtype == "F32")
    return 4;
  if (dtype == "BF16" || dtype == "F16")
    return 2;
  if (dtype == "F64")
    return 8;
  return 0;
}

void safetensors::toFloats(const std::string &dtype, const uint8_t *raw,
                           uint64_t count, float *out) {
  int esize = elementSize(dtype);
  bool bf16 = dtype == "BF16";
  for (uint64_t i = 0; i < count; ++i) {
    const uint8_t *p = raw + i * esize;
    if (esize == 4) {
      std::memcpy(&out[i], p, 4);
    } else if (esize == 8) {
      double d;
      std::memcpy(&d, p, 8);
      out[i] = float(d);
    } else {
      uint16_t b = uint16_t(p[0] | (p[1] << 8));
      if (bf16) {
        uint32_t bits = uint32_t(b) << 16;
        std::memcpy(&out[i], &bits, 4);
      } else {
        out[i] = halfToFloat(b);
      }
    }
  }
}
