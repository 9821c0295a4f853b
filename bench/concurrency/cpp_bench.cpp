//===- cpp_bench.cpp - The plain C++ baseline of bench/concurrency -*- C++ -*-//
//
// What a C++ program without a task runtime does: a bounded queue guarded by
// one std::mutex with two std::condition_variables, and a std::thread per
// task (spawned and joined each time). Same benchmarks and output lines as
// neve_bench.cpp and go_bench.go.
//
//===----------------------------------------------------------------------===//

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace {

class BoundedQueue {
public:
  explicit BoundedQueue(size_t capacity) : buf(capacity) {}

  void send(int32_t v) {
    std::unique_lock<std::mutex> lock(m);
    notFull.wait(lock, [&] { return count < buf.size() || closed; });
    if (closed)
      return;
    buf[(head + count) % buf.size()] = v;
    ++count;
    notEmpty.notify_one();
  }

  bool recv(int32_t &v) {
    std::unique_lock<std::mutex> lock(m);
    notEmpty.wait(lock, [&] { return count > 0 || closed; });
    if (count == 0)
      return false;
    v = buf[head];
    head = (head + 1) % buf.size();
    --count;
    notFull.notify_one();
    return true;
  }

  void close() {
    std::lock_guard<std::mutex> lock(m);
    closed = true;
    notFull.notify_all();
    notEmpty.notify_all();
  }

private:
  std::mutex m;
  std::condition_variable notFull, notEmpty;
  std::vector<int32_t> buf;
  size_t head = 0, count = 0;
  bool closed = false;
};

double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double channelRate(int p, int c, int64_t items) {
  BoundedQueue q(128);
  int64_t per = items / p;
  std::atomic<int> left{p};
  std::atomic<int64_t> received{0}, sum{0};
  double t0 = now();
  std::vector<std::thread> threads;
  for (int i = 0; i < p; ++i)
    threads.emplace_back([&] {
      for (int64_t k = 0; k < per; ++k)
        q.send(static_cast<int32_t>(k & 0xffff));
      if (left.fetch_sub(1) == 1)
        q.close();
    });
  for (int i = 0; i < c; ++i)
    threads.emplace_back([&] {
      int32_t v;
      int64_t n = 0, s = 0;
      while (q.recv(v)) {
        ++n;
        s += v;
      }
      received += n;
      sum += s;
    });
  for (auto &t : threads)
    t.join();
  double t = now() - t0;
  if (received.load() != per * p) {
    std::fprintf(stderr, "lost values\n");
    std::exit(1);
  }
  return static_cast<double>(per * p) / t;
}

double spawnNs(int n, int rounds) {
  double t0 = now();
  std::vector<std::thread> threads;
  threads.reserve(n);
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < n; ++i)
      threads.emplace_back([] {});
    for (auto &t : threads)
      t.join();
    threads.clear();
  }
  return (now() - t0) * 1e9 / (static_cast<double>(rounds) * n);
}

} // namespace

int main(int argc, char **argv) {
  int64_t items = argc > 1 ? std::atoll(argv[1]) : 2000000;
  std::printf("spsc %.0f ops/s\n", channelRate(1, 1, items));
  std::printf("mpmc %.0f ops/s\n", channelRate(4, 4, items));
  std::printf("spawn1 %.1f ns\n", spawnNs(1, 20000));
  std::printf("spawn64 %.1f ns\n", spawnNs(64, 500));
  return 0;
}
