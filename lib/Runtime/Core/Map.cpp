//===- Map.cpp - map<K, V> operations ---------------------------*- C++ -*-===//
//
// The runtime side of `map<K, V>` (language reference §4.2, §7, §11.6); the
// ABI and the key rules are described in neve_runtime.h.
//
// Representation: entries live densely in insertion order in scanned GC
// storage, each a 64-bit key followed by the value bytes rounded up to 8;
// their hashes are kept in a parallel unscanned array. An open-addressing
// index (linear probing, power-of-two size, at most half full) maps hashes
// to entry numbers (-1: empty). There is no removal of single keys, so no
// tombstones; clear() empties everything. Growth doubles the entry storage
// and rebuilds the index from the stored hashes.
//
//===----------------------------------------------------------------------===//

#include "ArrayInternal.h"

#include <gc.h>

#include <cinttypes>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <string>

using neve_rt::checkNotNil;

struct neve_map {
  int32_t keyKind;
  int64_t valueSize;
  int64_t entrySize; ///< 8 (key) + valueSize rounded up to 8
  int64_t size;      ///< entries in use
  int64_t capacity;  ///< entries allocated
  char *entries;     ///< capacity * entrySize bytes, scanned
  uint64_t *hashes;  ///< capacity hashes, not scanned
  int64_t indexMask; ///< index size - 1 (index size is a power of two)
  int64_t *index;    ///< entry numbers, -1 when empty, not scanned
};

namespace {

[[noreturn]] void outOfMemory() {
  neve_rt_error("<runtime>", 0, 0, "out of memory");
}

void *allocAtomic(size_t bytes) {
  void *p = GC_MALLOC_ATOMIC(bytes);
  if (!p)
    outOfMemory();
  return p;
}

uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

float keyFloat(int64_t key) {
  uint32_t bits = static_cast<uint32_t>(key);
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

const neve_str *keyStr(int64_t key) {
  return reinterpret_cast<const neve_str *>(static_cast<intptr_t>(key));
}

/// The canonical 64 bits of a key, narrowed to K as the map stores it, so
/// that keys widened differently by callers still compare equal.
int64_t canonical(int32_t kind, int64_t key) {
  switch (kind) {
  case NEVE_KEY_I8:
  case NEVE_KEY_CHAR:
    return static_cast<int8_t>(key);
  case NEVE_KEY_I16:
    return static_cast<int16_t>(key);
  case NEVE_KEY_I32:
    return static_cast<int32_t>(key);
  case NEVE_KEY_BOOL:
    return key != 0;
  case NEVE_KEY_F32: {
    float f = keyFloat(key);
    if (f == 0.0f)
      return 0; // -0.0 is the same key as +0.0
    return static_cast<uint32_t>(key);
  }
  default:
    return key;
  }
}

uint64_t hashKey(int32_t kind, int64_t key) {
  if (kind == NEVE_KEY_STR) {
    const neve_str *s = keyStr(key);
    if (!s)
      return mix(0x6E696C); // "nil"
    uint64_t h = 0xCBF29CE484222325ULL; // FNV-1a
    for (int64_t i = 0; i < s->size; ++i) {
      h ^= static_cast<unsigned char>(s->data[i]);
      h *= 0x100000001B3ULL;
    }
    return mix(h);
  }
  return mix(static_cast<uint64_t>(key));
}

/// Key equality on canonical keys: NaN never equals, str by content.
bool keysEqual(int32_t kind, int64_t a, int64_t b) {
  switch (kind) {
  case NEVE_KEY_F32:
    return keyFloat(a) == keyFloat(b);
  case NEVE_KEY_STR:
    return neve_str_eq(keyStr(a), keyStr(b));
  default:
    return a == b;
  }
}

/// Bytes of a key in keys()' array.
int64_t keyElemSize(int32_t kind) {
  switch (kind) {
  case NEVE_KEY_I8:
  case NEVE_KEY_BOOL:
  case NEVE_KEY_CHAR:
    return 1;
  case NEVE_KEY_I16:
    return 2;
  case NEVE_KEY_I32:
  case NEVE_KEY_F32:
    return 4;
  default:
    return 8;
  }
}

inline char *entryAt(const neve_map *m, int64_t i) {
  return m->entries + i * m->entrySize;
}
inline int64_t entryKey(const neve_map *m, int64_t i) {
  int64_t k;
  std::memcpy(&k, entryAt(m, i), sizeof(k));
  return k;
}
inline void *entryValue(const neve_map *m, int64_t i) {
  return entryAt(m, i) + 8;
}

/// The entry number of \p key (canonical) with hash \p h, or -1.
int64_t find(const neve_map *m, int64_t key, uint64_t h) {
  if (m->size == 0)
    return -1;
  for (uint64_t slot = h & m->indexMask;; slot = (slot + 1) & m->indexMask) {
    int64_t e = m->index[slot];
    if (e < 0)
      return -1;
    if (m->hashes[e] == h && keysEqual(m->keyKind, entryKey(m, e), key))
      return e;
  }
}

void placeInIndex(neve_map *m, int64_t e) {
  uint64_t slot = m->hashes[e] & m->indexMask;
  while (m->index[slot] >= 0)
    slot = (slot + 1) & m->indexMask;
  m->index[slot] = e;
}

/// Makes room for one more entry, growing storage and index.
void grow(neve_map *m) {
  if (m->size < m->capacity)
    return;
  int64_t newCapacity = m->capacity < 8 ? 8 : m->capacity * 2;
  size_t entryBytes;
  if (newCapacity > (INT64_MAX / 4) ||
      __builtin_mul_overflow(static_cast<size_t>(newCapacity),
                             static_cast<size_t>(m->entrySize), &entryBytes))
    outOfMemory();
  auto *entries = static_cast<char *>(GC_MALLOC(entryBytes));
  if (!entries)
    outOfMemory();
  auto *hashes = static_cast<uint64_t *>(
      allocAtomic(static_cast<size_t>(newCapacity) * sizeof(uint64_t)));
  if (m->size > 0) {
    std::memcpy(entries, m->entries,
                static_cast<size_t>(m->size * m->entrySize));
    std::memcpy(hashes, m->hashes, static_cast<size_t>(m->size) * 8);
  }
  m->entries = entries;
  m->hashes = hashes;
  m->capacity = newCapacity;
  // The index has twice as many slots as entries can be, so it stays at
  // most half full.
  int64_t indexSize = newCapacity * 2;
  m->index = static_cast<int64_t *>(
      allocAtomic(static_cast<size_t>(indexSize) * sizeof(int64_t)));
  std::memset(m->index, 0xFF, static_cast<size_t>(indexSize) * 8);
  m->indexMask = indexSize - 1;
  for (int64_t e = 0; e < m->size; ++e)
    placeInIndex(m, e);
}

/// Appends a new entry with zero value bytes; returns its number.
int64_t insert(neve_map *m, int64_t key, uint64_t h) {
  grow(m);
  int64_t e = m->size++;
  char *entry = entryAt(m, e);
  std::memcpy(entry, &key, sizeof(key));
  std::memset(entry + 8, 0, static_cast<size_t>(m->entrySize - 8));
  m->hashes[e] = h;
  placeInIndex(m, e);
  return e;
}

/// The key as print writes it, for the missing-key message.
std::string keyText(int32_t kind, int64_t key) {
  char buf[NEVE_FORMAT_BUF_SIZE + 32];
  switch (kind) {
  case NEVE_KEY_BOOL:
    return key ? "true" : "false";
  case NEVE_KEY_CHAR:
    return std::string("'") + static_cast<char>(key) + "'";
  case NEVE_KEY_F32:
    neve_format_f32(keyFloat(key), buf, sizeof(buf));
    return buf;
  case NEVE_KEY_STR: {
    const neve_str *s = keyStr(key);
    if (!s)
      return "nil";
    return "\"" + std::string(s->data, static_cast<size_t>(s->size)) + "\"";
  }
  case NEVE_KEY_PTR:
    if (key == 0)
      return "nil";
    std::snprintf(buf, sizeof(buf), "<object 0x%" PRIx64 ">",
                  static_cast<uint64_t>(key));
    return buf;
  default:
    neve_format_i64(key, buf, sizeof(buf));
    return buf;
  }
}

} // namespace

extern "C" neve_map *neve_map_new(int32_t key_kind, int64_t value_size) {
  if (key_kind < NEVE_KEY_I8 || key_kind > NEVE_KEY_PTR || value_size < 0)
    neve_rt_errorf("<runtime>", 0, 0, "invalid map (key kind %d, value size %lld)",
                   key_kind, static_cast<long long>(value_size));
  auto *m = static_cast<neve_map *>(GC_MALLOC(sizeof(neve_map)));
  if (!m)
    outOfMemory();
  m->keyKind = key_kind;
  m->valueSize = value_size;
  m->entrySize = 8 + ((value_size + 7) & ~int64_t(7));
  m->size = 0;
  m->capacity = 0;
  m->entries = nullptr;
  m->hashes = nullptr;
  m->indexMask = 0;
  m->index = nullptr;
  return m;
}

extern "C" void *neve_map_get(neve_map *m, int64_t key, const char *file,
                              int32_t line, int32_t col) {
  checkNotNil(m, file, line, col);
  key = canonical(m->keyKind, key);
  int64_t e = find(m, key, hashKey(m->keyKind, key));
  if (e < 0)
    neve_rt_errorf(file, line, col, "missing map key %s",
                   keyText(m->keyKind, key).c_str());
  return entryValue(m, e);
}

extern "C" void *neve_map_get_or_insert(neve_map *m, int64_t key,
                                        const char *file, int32_t line,
                                        int32_t col) {
  checkNotNil(m, file, line, col);
  key = canonical(m->keyKind, key);
  uint64_t h = hashKey(m->keyKind, key);
  int64_t e = find(m, key, h);
  if (e < 0)
    e = insert(m, key, h);
  return entryValue(m, e);
}

extern "C" void neve_map_set(neve_map *m, int64_t key, const void *value,
                             const char *file, int32_t line, int32_t col) {
  checkNotNil(m, file, line, col);
  if (m->valueSize == 0) {
    neve_map_get_or_insert(m, key, file, line, col);
    return;
  }
  // \p value may point into this map's storage, which an insert can move.
  char small[64];
  char *copy = small;
  if (m->valueSize > static_cast<int64_t>(sizeof(small)))
    copy = static_cast<char *>(allocAtomic(static_cast<size_t>(m->valueSize)));
  std::memcpy(copy, value, static_cast<size_t>(m->valueSize));
  void *slot = neve_map_get_or_insert(m, key, file, line, col);
  std::memcpy(slot, copy, static_cast<size_t>(m->valueSize));
}

extern "C" bool neve_map_has(const neve_map *m, int64_t key, const char *file,
                             int32_t line, int32_t col) {
  checkNotNil(m, file, line, col);
  key = canonical(m->keyKind, key);
  return find(m, key, hashKey(m->keyKind, key)) >= 0;
}

extern "C" int64_t neve_map_size(const neve_map *m, const char *file,
                                 int32_t line, int32_t col) {
  checkNotNil(m, file, line, col);
  return m->size;
}

extern "C" void neve_map_clear(neve_map *m, const char *file, int32_t line,
                               int32_t col) {
  checkNotNil(m, file, line, col);
  // Dropping the storage lets the collector reclaim keys and values.
  m->size = 0;
  m->capacity = 0;
  m->entries = nullptr;
  m->hashes = nullptr;
  m->indexMask = 0;
  m->index = nullptr;
}

extern "C" neve_array *neve_map_keys(const neve_map *m, const char *file,
                                     int32_t line, int32_t col) {
  checkNotNil(m, file, line, col);
  int64_t es = keyElemSize(m->keyKind);
  bool refs = m->keyKind == NEVE_KEY_STR || m->keyKind == NEVE_KEY_PTR;
  neve_array *out = neve_rt::newArray(es, m->size, !refs);
  for (int64_t e = 0; e < m->size; ++e) {
    // Little-endian: the low bytes of the 64-bit key are the K value.
    std::memcpy(static_cast<char *>(out->data) + e * es, entryAt(m, e),
                static_cast<size_t>(es));
  }
  return out;
}

extern "C" neve_array *neve_map_values(const neve_map *m, const char *file,
                                       int32_t line, int32_t col) {
  checkNotNil(m, file, line, col);
  if (m->valueSize == 0)
    neve_rt_error(file, line, col, "values() of a map without values");
  neve_array *out = neve_rt::newArray(m->valueSize, m->size, false);
  for (int64_t e = 0; e < m->size; ++e)
    std::memcpy(static_cast<char *>(out->data) + e * m->valueSize,
                entryValue(m, e), static_cast<size_t>(m->valueSize));
  return out;
}

extern "C" neve_array *neve_map_get_array(neve_map *m, int64_t key,
                                          int64_t elem_size, bool atomic,
                                          const char *file, int32_t line,
                                          int32_t col) {
  void *slot = neve_map_get_or_insert(m, key, file, line, col);
  if (m->valueSize != 8)
    neve_rt_error(file, line, col, "the values of this map are not containers");
  neve_array *a;
  std::memcpy(&a, slot, sizeof(a));
  if (!a) {
    // Making the array cannot move the map's storage: slot stays valid.
    a = neve_rt::newArray(elem_size, 0, atomic);
    std::memcpy(slot, &a, sizeof(a));
  }
  return a;
}

extern "C" neve_map *neve_map_get_map(neve_map *m, int64_t key,
                                      int32_t key_kind, int64_t value_size,
                                      const char *file, int32_t line,
                                      int32_t col) {
  void *slot = neve_map_get_or_insert(m, key, file, line, col);
  if (m->valueSize != 8)
    neve_rt_error(file, line, col, "the values of this map are not containers");
  neve_map *inner;
  std::memcpy(&inner, slot, sizeof(inner));
  if (!inner) {
    inner = neve_map_new(key_kind, value_size);
    std::memcpy(slot, &inner, sizeof(inner));
  }
  return inner;
}
