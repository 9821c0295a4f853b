//===- Host.cpp - The host builtins of the runtime --------------*- C++ -*-===//
//
// The §7 host builtins that need more than an instruction: the program's
// arguments (`argv()`), `glob`, the process-wide timer (`start_timer`,
// `end_timer`), `sleep`, the integer array makers (`zeros_int`, `ones_int`,
// `arange_int`) and the random floats (`randu`, `randn`, drawn from the
// generator of Random.cpp). Entry.cpp hands the arguments over at startup
// with neve_set_args; unit tests may do the same.
//
//===----------------------------------------------------------------------===//

#include "ArrayInternal.h"
#include "Random.h"

#include <gc.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

#include <glob.h>

namespace {

int32_t savedArgc = 0;
char **savedArgv = nullptr;

/// Appends the pointer \p s as the next element of the str array \p a.
void appendStr(neve_array *a, neve_str *s) {
  neve_array_append(a, &s, "<runtime>", 0, 0);
}

int64_t nowNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// The start of the process-wide timer: set by neve_start_timer, and
/// initially the time the runtime was loaded (so `end_timer()` without
/// `start_timer()` measures from program start).
std::atomic<int64_t> timerStart{nowNanoseconds()};

/// A uniform double in [0, 1) with 53 random bits.
double unitInterval(neve_rt::RandomDraw &draw) {
  return static_cast<double>(draw.next() >> 11) * 0x1p-53;
}

} // namespace

//===----------------------------------------------------------------------===//
// argv()
//===----------------------------------------------------------------------===//

extern "C" void neve_set_args(int32_t argc, char **argv) {
  savedArgc = argc;
  savedArgv = argv;
}

extern "C" int32_t neve_argc(void) {
  return savedArgc > 1 && savedArgv ? savedArgc - 1 : 0;
}

extern "C" const char *neve_argv_at(int32_t i) {
  if (i < 0 || i >= neve_argc())
    return nullptr;
  return savedArgv[i + 1];
}

extern "C" neve_array *neve_argv(void) {
  int32_t n = neve_argc();
  neve_array *a = neve_array_new(sizeof(neve_str *), 0);
  for (int32_t i = 0; i < n; ++i)
    appendStr(a, neve_str_from_cstr(neve_argv_at(i)));
  return a;
}

//===----------------------------------------------------------------------===//
// glob()
//===----------------------------------------------------------------------===//

extern "C" neve_array *neve_glob(const neve_str *pattern) {
  neve_array *out = neve_array_new(sizeof(neve_str *), 0);
  if (!pattern)
    return out;
  glob_t matches;
  std::memset(&matches, 0, sizeof(matches));
  // Sorted below by bytes, independent of the locale's collation.
  int rc = ::glob(pattern->data, GLOB_NOSORT, nullptr, &matches);
  if (rc == 0) {
    std::vector<const char *> paths(matches.gl_pathv,
                                    matches.gl_pathv + matches.gl_pathc);
    std::sort(paths.begin(), paths.end(), [](const char *a, const char *b) {
      return std::strcmp(a, b) < 0;
    });
    for (const char *p : paths)
      appendStr(out, neve_str_from_cstr(p));
  }
  ::globfree(&matches);
  return out;
}

//===----------------------------------------------------------------------===//
// start_timer() / end_timer(), sleep()
//===----------------------------------------------------------------------===//

extern "C" void neve_start_timer(void) {
  timerStart.store(nowNanoseconds(), std::memory_order_relaxed);
}

extern "C" float neve_end_timer(void) {
  int64_t elapsed =
      nowNanoseconds() - timerStart.load(std::memory_order_relaxed);
  double seconds = static_cast<double>(elapsed) * 1e-9;
  char line[64];
  std::snprintf(line, sizeof(line), "elapsed: %.6f s", seconds);
  neve_print_cstr(line);
  neve_print_end(true);
  return static_cast<float>(static_cast<double>(elapsed) * 1e-6);
}

extern "C" void neve_sleep(int32_t seconds) {
  if (seconds <= 0)
    return;
  timespec left{seconds, 0};
  // The collector stops threads with signals, which interrupt nanosleep:
  // sleep again for what remains.
  while (::nanosleep(&left, &left) != 0 && errno == EINTR) {
  }
}

//===----------------------------------------------------------------------===//
// zeros_int(), ones_int(), arange_int()
//===----------------------------------------------------------------------===//

extern "C" neve_array *neve_array_fill_i32(int32_t n, int32_t value) {
  neve_array *a = neve_array_new_atomic(sizeof(int32_t), n);
  auto *data = static_cast<int32_t *>(a->data);
  if (value != 0)
    std::fill(data, data + a->size, value);
  return a;
}

extern "C" neve_array *neve_array_range_i32(int32_t start, int32_t end) {
  int64_t n = static_cast<int64_t>(end) - static_cast<int64_t>(start);
  neve_array *a = neve_array_new_atomic(sizeof(int32_t), n);
  auto *data = static_cast<int32_t *>(a->data);
  for (int64_t i = 0; i < a->size; ++i)
    data[i] = static_cast<int32_t>(start + i);
  return a;
}

//===----------------------------------------------------------------------===//
// randu(), randn()
//===----------------------------------------------------------------------===//

extern "C" float neve_randu(float a, float b) {
  double u;
  {
    neve_rt::RandomDraw draw;
    u = unitInterval(draw);
  }
  float r = static_cast<float>(a + (static_cast<double>(b) - a) * u);
  // Rounding to float may reach b; the interval stays half-open.
  if (a < b && r >= b)
    r = std::nextafter(b, a);
  else if (b < a && r <= b)
    r = std::nextafter(b, a);
  return r;
}

extern "C" float neve_randn(float mean, float std) {
  double u1, u2;
  {
    neve_rt::RandomDraw draw;
    u1 = 1.0 - unitInterval(draw); // (0, 1]: the logarithm is finite
    u2 = unitInterval(draw);
  }
  // Box–Muller: one standard normal from two uniforms.
  double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
  return static_cast<float>(mean + static_cast<double>(std) * z);
}
