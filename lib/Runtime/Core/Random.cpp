//===- Random.cpp - The process-wide seeded generator -----------*- C++ -*-===//
//
// One generator serves `randu`, `randn`, `shuffle` and the device
// initialisers (§7 `seed`). It is xoshiro256** with its 256-bit state filled
// from the seed by splitmix64. Without a call to `seed` the state is that of
// seed 0, so runs are reproducible. Draws are serialised by a process-wide
// lock; uniform integers below n use Lemire's multiply-and-reject method, so
// they carry no modulo bias.
//
//===----------------------------------------------------------------------===//

#include "Random.h"

#include "neve/Runtime/neve_runtime.h"

#include <mutex>

namespace {

struct Generator {
  uint64_t s[4];
};

std::mutex &generatorLock() {
  // Never destroyed: threads may still draw while the process exits.
  static std::mutex *lock = new std::mutex();
  return *lock;
}

uint64_t splitmix64(uint64_t &x) {
  uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

void seedGenerator(Generator &g, int32_t seed) {
  uint64_t x = static_cast<uint64_t>(static_cast<int64_t>(seed));
  for (uint64_t &word : g.s)
    word = splitmix64(x);
}

/// The generator; callers hold generatorLock().
Generator &generator() {
  static Generator g = [] {
    Generator init;
    seedGenerator(init, 0);
    return init;
  }();
  return g;
}

inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t nextLocked() {
  uint64_t *s = generator().s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint64_t belowLocked(uint64_t n) {
  unsigned __int128 m =
      static_cast<unsigned __int128>(nextLocked()) * static_cast<unsigned __int128>(n);
  uint64_t low = static_cast<uint64_t>(m);
  if (low < n) {
    uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<unsigned __int128>(nextLocked()) * static_cast<unsigned __int128>(n);
      low = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

} // namespace

namespace neve_rt {

RandomDraw::RandomDraw() { generatorLock().lock(); }
RandomDraw::~RandomDraw() { generatorLock().unlock(); }
uint64_t RandomDraw::next() { return nextLocked(); }
uint64_t RandomDraw::below(uint64_t n) { return belowLocked(n); }

} // namespace neve_rt

extern "C" void neve_seed(int32_t s) {
  std::lock_guard<std::mutex> guard(generatorLock());
  seedGenerator(generator(), s);
}

extern "C" uint64_t neve_random_u64(void) {
  std::lock_guard<std::mutex> guard(generatorLock());
  return nextLocked();
}

extern "C" uint64_t neve_random_below(uint64_t n) {
  if (n == 0)
    return 0;
  std::lock_guard<std::mutex> guard(generatorLock());
  return belowLocked(n);
}
