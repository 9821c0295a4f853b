//===- neve_bench.cpp - Channel and task benchmarks of the runtime -*- C++ -*-//
//
// The Neve runtime's side of bench/concurrency: the calls compiled Neve code
// makes for `channel<int, 128>`, `asyncs`, `async` and `finish`, driven from
// C++ (linked with libneve_runtime_core.a). Prints one line per benchmark,
// `NAME VALUE UNIT`, as go_bench.go and cpp_bench.cpp do:
//   spsc      1 producer, 1 consumer, ITEMS ints through a 128-slot channel
//   mpmc      4 producers, 4 consumers, ITEMS ints in all
//   spawn1    `finish { async {} }`, ns per round trip
//   spawn64   `finish { asyncs 64 {} }`, ns per task
// Producers and consumers are the tasks of one asyncs; the last producer to
// finish terminates the channel, and consumers receive until it is drained.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#define GC_THREADS
#include <gc.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace {

constexpr int64_t kCapacity = 128;

struct ChanEnv {
  neve_channel *ch;
  int32_t producers;
  int64_t perProducer;
  std::atomic<int32_t> producersLeft;
  std::atomic<int64_t> received;
  std::atomic<int64_t> sum;
};

void chanTask(void *p) {
  auto *e = static_cast<ChanEnv *>(p);
  int32_t tid = neve_tid();
  if (tid < e->producers) {
    for (int64_t i = 0; i < e->perProducer; ++i) {
      int32_t v = static_cast<int32_t>(i & 0xffff);
      neve_channel_send(e->ch, &v);
    }
    if (e->producersLeft.fetch_sub(1) == 1)
      neve_channel_terminate(e->ch);
  } else {
    int32_t v;
    int64_t n = 0, s = 0;
    while (neve_channel_recv(e->ch, &v)) {
      ++n;
      s += v;
    }
    e->received += n;
    e->sum += s;
  }
}

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// Items per second through a channel with \p p producers, \p c consumers.
double channelRate(int32_t p, int32_t c, int64_t items) {
  ChanEnv env;
  env.ch = neve_channel_new(kCapacity, 4);
  env.producers = p;
  env.perProducer = items / p;
  env.producersLeft = p;
  env.received = 0;
  env.sum = 0;
  double t0 = now();
  neve_finish *f = neve_finish_begin();
  neve_asyncs(f, p + c, chanTask, &env);
  neve_finish_end(f);
  double t = now() - t0;
  int64_t total = env.perProducer * p;
  if (env.received.load() != total) {
    std::fprintf(stderr, "lost values: %lld of %lld\n",
                 static_cast<long long>(env.received.load()),
                 static_cast<long long>(total));
    std::exit(1);
  }
  return static_cast<double>(total) / t;
}

void emptyTask(void *) {}

/// ns per task of `finish { asyncs n {} }`, over \p rounds rounds.
double spawnNs(int64_t n, int64_t rounds) {
  double t0 = now();
  for (int64_t r = 0; r < rounds; ++r) {
    neve_finish *f = neve_finish_begin();
    if (n == 1)
      neve_async(f, emptyTask, nullptr);
    else
      neve_asyncs(f, n, emptyTask, nullptr);
    neve_finish_end(f);
  }
  return (now() - t0) * 1e9 / static_cast<double>(rounds * n);
}

} // namespace

int main(int argc, char **argv) {
  GC_INIT();
  GC_allow_register_threads();
  int64_t items = argc > 1 ? std::atoll(argv[1]) : 2000000;
  // Warm the pool (threads are started once, then reused).
  spawnNs(64, 10);
  std::printf("spsc %.0f ops/s\n", channelRate(1, 1, items));
  std::printf("mpmc %.0f ops/s\n", channelRate(4, 4, items));
  std::printf("spawn1 %.1f ns\n", spawnNs(1, 20000));
  std::printf("spawn64 %.1f ns\n", spawnNs(64, 500));
  return 0;
}
