//===- Channel.cpp - channel<T, N> ------------------------------*- C++ -*-===//
//
// Channels (language reference §6.8.5): a bounded FIFO queue of fixed-size
// elements for many producers and many consumers.
//
// Fast path: Dmitry Vyukov's bounded MPMC ring. Each of the N slots holds a
// sequence number and the element bytes. A sender claims position `pos` of
// the enqueue counter by CAS once the slot's sequence equals 2*pos (free for
// that round), copies the element in and publishes it by storing 2*pos + 1
// (release); a receiver claims position pos of the dequeue counter once the
// sequence is 2*pos + 1, copies the element out and frees the slot for the
// next round by storing 2*(pos + N). (Vyukov's original numbering, pos,
// pos + 1 and pos + N, cannot tell "full" from "free" when N is 1; doubling
// keeps the two states apart for every N.) No lock is taken while the channel is neither full nor empty,
// and the release/acquire pair on the sequence makes a send happen before
// the receive that takes its value (§6.8.6).
//
// Slow path: a thread that finds the channel full (sender) or empty
// (receiver) spins briefly, yields the core a few times, then sleeps on a
// condition variable. It counts
// itself in sendWaiters / recvWaiters under the channel's mutex, retries,
// and only then waits (which releases the mutex atomically). The other side,
// after publishing a slot, issues a sequentially consistent fence and reads
// the counter, taking the mutex to notify only when someone waits: either
// the waiter's retry sees the new slot, or the notifier sees the waiter, so
// no wakeup is lost. terminate sets the flag and notifies everyone under
// the mutex; waiters check the flag under the mutex before each wait.
//
// Termination: a send on a terminated channel does nothing; a receive takes
// queued values first (values sent before terminate are still delivered)
// and only on a terminated, empty channel returns false with a zero-filled
// element at once. "Empty" there means no send in flight either: a value
// published behind a slot that a concurrent sender is still writing is
// waited for (recvTerminated), not abandoned.
//
// Memory: the channel and its slots are allocated by the collector and
// scanned, so GC pointers (str, arrays, objects) held in queued elements stay
// alive; a slot of 8 bytes or more is cleared when its value is taken, so a
// received object is not retained by the channel.
//
// A nil channel is a runtime error "member access through nil" reported at
// <runtime>:0:0 (these functions take no source location; compiled code
// should test for nil inline and report it at the expression).
//
//===----------------------------------------------------------------------===//

#include "../Core/ArrayInternal.h"

#include "neve/Runtime/neve_runtime.h"

#include <gc.h>

#include <atomic>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <new>

#include <sched.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define NEVE_CPU_RELAX() _mm_pause()
#else
#define NEVE_CPU_RELAX() ((void)0)
#endif

struct neve_channel {
  // Each counter that threads write on its own cache line, apart from the
  // read-mostly fields every operation reads (the struct is 16-byte aligned
  // by the collector, so 64 bytes of padding separate them): a waiter
  // count changing must not evict the ring's description from every core.
  std::atomic<uint64_t> enqPos{0};
  char pad0[64];
  std::atomic<uint64_t> deqPos{0};
  char pad1[64];
  unsigned char *slots = nullptr; ///< capacity * stride bytes, scanned
  uint64_t capacity = 0;
  uint64_t mask = 0; ///< capacity - 1 when a power of two, else 0
  uint64_t elemSize = 0;
  uint64_t stride = 0; ///< 8 (sequence) + elemSize rounded up to 8
  std::atomic<bool> terminated{false};
  char pad2[64];
  std::atomic<int32_t> sendWaiters{0};
  char pad3[64];
  std::atomic<int32_t> recvWaiters{0};
  char pad4[64];
  std::mutex mutex;
  std::condition_variable notFull;  ///< senders wait here
  std::condition_variable notEmpty; ///< receivers wait here
};

namespace {

constexpr int kSpins = 64;  ///< busy-wait rounds before yielding
constexpr int kYields = 16; ///< sched_yield rounds before sleeping
constexpr uint64_t kSlotLine = 32;     ///< two slots per cache line
constexpr uint64_t kPaddedSlots = 1024; ///< capacities with padded slots

void checkChannel(const neve_channel *ch) {
  neve_rt::checkNotNil(ch, "<runtime>", 0, 0);
}

inline unsigned char *slotAt(const neve_channel *ch, uint64_t pos) {
  uint64_t index = ch->mask ? (pos & ch->mask) : (pos % ch->capacity);
  return ch->slots + index * ch->stride;
}

inline std::atomic<uint64_t> *seqOf(unsigned char *slot) {
  return reinterpret_cast<std::atomic<uint64_t> *>(slot);
}

bool tryEnqueue(neve_channel *ch, const void *elem) {
  uint64_t pos = ch->enqPos.load(std::memory_order_relaxed);
  unsigned char *slot;
  for (;;) {
    slot = slotAt(ch, pos);
    uint64_t seq = seqOf(slot)->load(std::memory_order_acquire);
    int64_t dif = static_cast<int64_t>(seq - 2 * pos);
    if (dif == 0) {
      if (ch->enqPos.compare_exchange_weak(pos, pos + 1,
                                           std::memory_order_relaxed))
        break;
    } else if (dif < 0) {
      return false; // full
    } else {
      pos = ch->enqPos.load(std::memory_order_relaxed);
    }
  }
  std::memcpy(slot + 8, elem, ch->elemSize);
  seqOf(slot)->store(2 * pos + 1, std::memory_order_release);
  return true;
}

bool tryDequeue(neve_channel *ch, void *out) {
  uint64_t pos = ch->deqPos.load(std::memory_order_relaxed);
  unsigned char *slot;
  for (;;) {
    slot = slotAt(ch, pos);
    uint64_t seq = seqOf(slot)->load(std::memory_order_acquire);
    int64_t dif = static_cast<int64_t>(seq - (2 * pos + 1));
    if (dif == 0) {
      if (ch->deqPos.compare_exchange_weak(pos, pos + 1,
                                           std::memory_order_relaxed))
        break;
    } else if (dif < 0) {
      return false; // empty
    } else {
      pos = ch->deqPos.load(std::memory_order_relaxed);
    }
  }
  std::memcpy(out, slot + 8, ch->elemSize);
  if (ch->elemSize >= sizeof(void *))
    std::memset(slot + 8, 0, ch->elemSize); // no false retention
  seqOf(slot)->store(2 * (pos + ch->capacity), std::memory_order_release);
  return true;
}

/// Orders a slot update before the read of a waiter count that follows, and
/// a waiter's count increment before its retry (the Dekker pair of the
/// header comment). ThreadSanitizer does not model fences, so under it the
/// count is read with a sequentially consistent read-modify-write instead
/// (equally correct, but it makes the counter's cache line bounce).
#if defined(__SANITIZE_THREAD__)
inline void fullFence() {}
inline int32_t readWaiters(std::atomic<int32_t> &waiters) {
  return waiters.fetch_add(0, std::memory_order_seq_cst);
}
#else
inline void fullFence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline int32_t readWaiters(std::atomic<int32_t> &waiters) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  return waiters.load(std::memory_order_relaxed);
}
#endif

/// After a slot was published (\p waiters: recvWaiters) or freed
/// (sendWaiters): wakes one waiter of the other side, if any.
inline void wakeOne(neve_channel *ch, std::atomic<int32_t> &waiters,
                    std::condition_variable &cv) {
  if (readWaiters(waiters) > 0) {
    std::lock_guard<std::mutex> lock(ch->mutex);
    cv.notify_one();
  }
}

void sendSlow(neve_channel *ch, const void *elem) {
  bool sent = false;
  {
    std::unique_lock<std::mutex> lock(ch->mutex);
    ch->sendWaiters.fetch_add(1, std::memory_order_seq_cst);
    fullFence();
    for (;;) {
      if (ch->terminated.load(std::memory_order_seq_cst))
        break;
      if (tryEnqueue(ch, elem)) {
        sent = true;
        break;
      }
      ch->notFull.wait(lock);
    }
    ch->sendWaiters.fetch_sub(1, std::memory_order_relaxed);
  }
  if (sent)
    wakeOne(ch, ch->recvWaiters, ch->notEmpty);
}

/// A receive on a terminated channel. tryDequeue reports "empty" when the
/// oldest claimed slot is still being written, even if later ones are
/// published; so this gives up only when no send is in flight at all (the
/// two counters are equal), and otherwise waits for the in-flight sends to
/// publish (a memcpy away). Values sent before terminate are thus always
/// delivered.
bool recvTerminated(neve_channel *ch, void *out) {
  for (;;) {
    if (tryDequeue(ch, out))
      return true;
    if (ch->enqPos.load(std::memory_order_acquire) ==
        ch->deqPos.load(std::memory_order_acquire))
      return false;
    sched_yield();
  }
}

bool recvSlow(neve_channel *ch, void *out) {
  bool got = false, terminated = false;
  {
    std::unique_lock<std::mutex> lock(ch->mutex);
    ch->recvWaiters.fetch_add(1, std::memory_order_seq_cst);
    fullFence();
    for (;;) {
      if (tryDequeue(ch, out)) {
        got = true;
        break;
      }
      if (ch->terminated.load(std::memory_order_seq_cst)) {
        terminated = true;
        break;
      }
      ch->notEmpty.wait(lock);
    }
    ch->recvWaiters.fetch_sub(1, std::memory_order_relaxed);
  }
  if (terminated)
    got = recvTerminated(ch, out);
  if (got)
    wakeOne(ch, ch->sendWaiters, ch->notFull);
  return got;
}

[[noreturn]] void outOfMemory() {
  neve_rt_error("<runtime>", 0, 0, "out of memory");
}

/// Takes every queued value without waiting, adding it to a T.
template <typename T> T drainSum(neve_channel *ch, const char *what) {
  checkChannel(ch);
  if (ch->elemSize != sizeof(T))
    neve_rt_errorf("<runtime>", 0, 0,
                   "sum() of a channel of %lld-byte elements as %s",
                   static_cast<long long>(ch->elemSize), what);
  T sum = 0, v;
  bool any = false;
  while (tryDequeue(ch, &v)) {
    sum += v;
    any = true;
  }
  if (any)
    wakeOne(ch, ch->sendWaiters, ch->notFull);
  return sum;
}

/// The wait before sleeping: spin round \p i of kSpins + kYields. Spinning
/// catches a partner running on another core; yielding lets one that shares
/// this core run (threads often outnumber cores), which is far cheaper than
/// sleeping on the condition variable and being woken.
inline void backoff(int i) {
  if (i < kSpins)
    NEVE_CPU_RELAX();
  else
    sched_yield();
}

} // namespace

extern "C" neve_channel *neve_channel_new(int64_t capacity, int64_t elem_size) {
  if (capacity <= 0)
    neve_rt_errorf("<runtime>", 0, 0, "channel capacity %lld is not positive",
                   static_cast<long long>(capacity));
  if (elem_size <= 0)
    neve_rt_errorf("<runtime>", 0, 0, "channel element size %lld is invalid",
                   static_cast<long long>(elem_size));
  uint64_t stride = 8 + ((static_cast<uint64_t>(elem_size) + 7) & ~7ull);
  // Small channels spread their slots (two per cache line instead of four
  // for 4-byte elements), so producers and consumers on neighbouring slots
  // contend less for one line; at most 32 KiB per channel. On 16 cores this
  // lifted 4x4 MPMC throughput above Go's without costing SPSC
  // (bench/results/concurrency-h200.json; a whole line per slot cost SPSC
  // a third).
  if (stride < kSlotLine && static_cast<uint64_t>(capacity) <= kPaddedSlots)
    stride = kSlotLine;
  uint64_t bytes;
  if (__builtin_mul_overflow(static_cast<uint64_t>(capacity), stride, &bytes))
    outOfMemory();
  void *mem = GC_MALLOC(sizeof(neve_channel));
  auto *slots = static_cast<unsigned char *>(GC_MALLOC(bytes));
  if (!mem || !slots)
    outOfMemory();
  auto *ch = new (mem) neve_channel; // never destroyed: nothing to release
  ch->slots = slots;
  ch->capacity = static_cast<uint64_t>(capacity);
  ch->mask = (ch->capacity & (ch->capacity - 1)) == 0 ? ch->capacity - 1 : 0;
  ch->elemSize = static_cast<uint64_t>(elem_size);
  ch->stride = stride;
  for (uint64_t i = 0; i < ch->capacity; ++i)
    seqOf(slots + i * stride)->store(2 * i, std::memory_order_relaxed);
  return ch;
}


extern "C" void neve_channel_send(neve_channel *ch, const void *elem) {
  checkChannel(ch);
  if (ch->terminated.load(std::memory_order_acquire))
    return;
  for (int i = 0; i < kSpins + kYields; ++i) {
    if (tryEnqueue(ch, elem)) {
      wakeOne(ch, ch->recvWaiters, ch->notEmpty);
      return;
    }
    if (i >= kSpins && ch->terminated.load(std::memory_order_acquire))
      return;
    backoff(i);
  }
  sendSlow(ch, elem);
}

extern "C" bool neve_channel_recv(neve_channel *ch, void *out) {
  checkChannel(ch);
  for (int i = 0; i < kSpins + kYields; ++i) {
    if (tryDequeue(ch, out)) {
      wakeOne(ch, ch->sendWaiters, ch->notFull);
      return true;
    }
    if (ch->terminated.load(std::memory_order_acquire))
      break;
    backoff(i);
  }
  if (recvSlow(ch, out))
    return true;
  std::memset(out, 0, ch->elemSize);
  return false;
}

extern "C" bool neve_channel_alive(neve_channel *ch) {
  checkChannel(ch);
  return !ch->terminated.load(std::memory_order_acquire);
}

extern "C" void neve_channel_terminate(neve_channel *ch) {
  checkChannel(ch);
  ch->terminated.store(true, std::memory_order_seq_cst);
  std::lock_guard<std::mutex> lock(ch->mutex);
  ch->notFull.notify_all();
  ch->notEmpty.notify_all();
}

extern "C" int32_t neve_channel_sum_int(neve_channel *ch) {
  // int arithmetic wraps (§4.1): sum in unsigned, then convert back.
  checkChannel(ch);
  uint32_t s = static_cast<uint32_t>(0);
  if (ch->elemSize != 4)
    neve_rt_errorf("<runtime>", 0, 0,
                   "sum() of a channel of %lld-byte elements as int",
                   static_cast<long long>(ch->elemSize));
  int32_t v;
  bool any = false;
  while (tryDequeue(ch, &v)) {
    s += static_cast<uint32_t>(v);
    any = true;
  }
  if (any)
    wakeOne(ch, ch->sendWaiters, ch->notFull);
  return static_cast<int32_t>(s);
}

extern "C" int64_t neve_channel_sum_i64(neve_channel *ch) {
  return static_cast<int64_t>(drainSum<uint64_t>(ch, "i64"));
}

extern "C" float neve_channel_sum_float(neve_channel *ch) {
  return drainSum<float>(ch, "float");
}
