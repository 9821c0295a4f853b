//===- Print.cpp - Line-buffered print and printl ---------------*- C++ -*-===//
//
// Implements `print` and `printl` (language reference §7). Each thread owns a
// line buffer; the neve_print_* calls append to it and neve_print_end writes
// it to file descriptor 1 with a single write under a process-wide lock, so
// the lines of different threads never interleave. Nothing stays buffered
// after neve_print_end, so output written through other paths (stdio through
// a `proto`, another thread's lines) keeps the program's order, and a process
// that ends with _exit loses only text whose print had not finished.
//
//===----------------------------------------------------------------------===//

#include "neve/Runtime/neve_runtime.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <unistd.h>

namespace {

/// Serialises writes to stdout so that each line goes out in one piece even
/// when write() is partial or the descriptor is not a pipe.
std::mutex &stdoutLock() {
  // Never destroyed: threads may still print while the process exits.
  static std::mutex *lock = new std::mutex();
  return *lock;
}

/// Writes all \p size bytes at \p data to \p fd, retrying partial writes and
/// interrupted calls. Errors (a closed pipe, a full disk) drop the rest.
void writeAll(int fd, const char *data, size_t size) {
  while (size > 0) {
    ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
}

/// The calling thread's pending line. Small lines stay in the inline storage;
/// longer ones move to malloc'd memory, which is kept for reuse.
class LineBuffer {
public:
  LineBuffer() = default;
  LineBuffer(const LineBuffer &) = delete;
  LineBuffer &operator=(const LineBuffer &) = delete;

  /// Writes out anything left when the thread (or, for the main thread, the
  /// process through exit()) ends, then releases heap storage. The buffer is
  /// left usable, in case late exit handlers still print on this thread.
  ~LineBuffer() {
    flush();
    if (data != inlineStorage)
      std::free(data);
    data = inlineStorage;
    capacity = InlineCapacity;
  }

  void append(const char *text, size_t len) {
    if (len > capacity - size)
      grow(len);
    std::memcpy(data + size, text, len);
    size += len;
  }

  void append(char c) {
    if (size == capacity)
      grow(1);
    data[size++] = c;
  }

  /// Writes the pending text (if any) in one locked write and empties it.
  void flush() {
    if (size == 0)
      return;
    {
      std::lock_guard<std::mutex> guard(stdoutLock());
      writeAll(STDOUT_FILENO, data, size);
    }
    size = 0;
  }

private:
  void grow(size_t extra) {
    size_t newCapacity = capacity * 2;
    if (newCapacity < size + extra)
      newCapacity = size + extra;
    char *newData;
    if (data == inlineStorage) {
      newData = static_cast<char *>(std::malloc(newCapacity));
      if (newData)
        std::memcpy(newData, data, size);
    } else {
      newData = static_cast<char *>(std::realloc(data, newCapacity));
    }
    if (!newData) {
      // Out of memory: report it without going through the buffer.
      static const char msg[] = "neve runtime: out of memory in print\n";
      writeAll(STDERR_FILENO, msg, sizeof(msg) - 1);
      _exit(1);
    }
    data = newData;
    capacity = newCapacity;
  }

  static constexpr size_t InlineCapacity = 256;
  char inlineStorage[InlineCapacity];
  char *data = inlineStorage;
  size_t size = 0;
  size_t capacity = InlineCapacity;
};

LineBuffer &threadLine() {
  thread_local LineBuffer line;
  return line;
}

void appendText(const char *text, size_t len) {
  threadLine().append(text, len);
}

} // namespace

extern "C" void neve_print_i32(int32_t v) { neve_print_i64(v); }

extern "C" void neve_print_i64(int64_t v) {
  char text[NEVE_FORMAT_BUF_SIZE];
  int32_t len = neve_format_i64(v, text, sizeof(text));
  appendText(text, static_cast<size_t>(len));
}

extern "C" void neve_print_f32(float v) {
  char text[NEVE_FORMAT_BUF_SIZE];
  int32_t len = neve_format_f32(v, text, sizeof(text));
  appendText(text, static_cast<size_t>(len));
}

extern "C" void neve_print_bool(bool v) {
  if (v)
    appendText("true", 4);
  else
    appendText("false", 5);
}

extern "C" void neve_print_char(int8_t c) {
  threadLine().append(static_cast<char>(c));
}

extern "C" void neve_print_str(const neve_str *s) {
  if (!s) {
    neve_print_nil();
    return;
  }
  appendText(s->data, static_cast<size_t>(s->size));
}

extern "C" void neve_print_nil(void) { appendText("nil", 3); }

extern "C" void neve_print_cstr(const char *s) {
  if (!s) {
    neve_print_nil();
    return;
  }
  appendText(s, std::strlen(s));
}

extern "C" void neve_print_end(bool newline) {
  LineBuffer &line = threadLine();
  if (newline)
    line.append('\n');
  line.flush();
}

extern "C" void neve_print_flush(void) { threadLine().flush(); }
