//===- Random.h - The runtime's seeded generator (internal) -----*- C++ -*-===//
//
// Runtime-internal access to the process-wide generator of Random.cpp for
// operations that draw many numbers at once (array shuffle): a RandomDraw
// holds the generator's lock for its lifetime, so one shuffle is one
// uninterrupted sequence of draws even when other threads draw too.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_CORE_RANDOM_H
#define NEVE_RUNTIME_CORE_RANDOM_H

#include <cstdint>

namespace neve_rt {

class RandomDraw {
public:
  RandomDraw();
  ~RandomDraw();
  RandomDraw(const RandomDraw &) = delete;
  RandomDraw &operator=(const RandomDraw &) = delete;

  /// The next 64 uniformly distributed bits.
  uint64_t next();
  /// A uniform integer in [0, n); \p n must be positive.
  uint64_t below(uint64_t n);
};

} // namespace neve_rt

#endif // NEVE_RUNTIME_CORE_RANDOM_H
