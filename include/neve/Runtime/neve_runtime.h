//===- neve_runtime.h - C ABI of the Neve runtime -----------------*- C -*-===//
//
// The contract between compiled Neve programs and the Neve runtime. Every
// symbol here has C linkage and the `neve_` prefix; names and signatures are
// stable, since generated code and foreign packages call them directly.
//
// Type mapping (language reference §3.8, §4.1): `int` is int32_t, `i64` is
// int64_t, `float` is IEEE binary32 `float`, `bool` is C `bool`, `char` is
// int8_t. `i8` and `i16` values are printed by widening them to int32_t.
//
// Output (§7 `print`/`printl`): each print call appends the text of its
// arguments to a line buffer private to the calling thread, then ends with
// neve_print_end, which writes the whole buffer to file descriptor 1 with one
// write under a process-wide lock. Lines of different threads therefore never
// interleave, and output appears in the order the lines were ended.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_NEVE_RUNTIME_H
#define NEVE_RUNTIME_NEVE_RUNTIME_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__cplusplus)
#define NEVE_NORETURN [[noreturn]]
#else
#define NEVE_NORETURN _Noreturn
#endif

//===----------------------------------------------------------------------===//
// Strings
//===----------------------------------------------------------------------===//

#if defined(__cplusplus) && defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic" // flexible array member in C++
#endif
/// A Neve `str` value is a `const neve_str *`; NULL is `nil`. `data` holds
/// `size` bytes followed by a NUL byte that `size` does not count. Strings are
/// immutable once built and live in the garbage-collected heap.
typedef struct neve_str {
  int64_t size;
  char data[];
} neve_str;
#if defined(__cplusplus) && defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/// Returns a new GC-allocated copy of the NUL-terminated \p s (NULL gives nil).
neve_str *neve_str_from_cstr(const char *s);

/// True when both strings hold the same bytes (or both are nil).
bool neve_str_eq(const neve_str *a, const neve_str *b);

//===----------------------------------------------------------------------===//
// Text formatting (shared by print and `str + x`)
//===----------------------------------------------------------------------===//

/// A buffer of this many bytes always holds a formatted number and its NUL.
/// Both formatters behave like snprintf: they return the full text length,
/// and a result >= cap means the text was truncated to cap - 1 bytes.
#define NEVE_FORMAT_BUF_SIZE 32

/// Writes the §7 text of \p v into \p buf (NUL-terminated); returns its length.
int32_t neve_format_f32(float v, char *buf, int32_t cap);

/// Writes \p v in decimal into \p buf (NUL-terminated); returns its length.
int32_t neve_format_i64(int64_t v, char *buf, int32_t cap);

//===----------------------------------------------------------------------===//
// Printing (print / printl)
//===----------------------------------------------------------------------===//

/// Appends the decimal text of an `int` to the calling thread's line.
void neve_print_i32(int32_t v);

/// Appends the decimal text of an `i64` to the calling thread's line.
void neve_print_i64(int64_t v);

/// Appends the §7 text of a `float` (e.g. `2.0`, `1e-05`) to the line.
void neve_print_f32(float v);

/// Appends `true` or `false` to the calling thread's line.
void neve_print_bool(bool v);

/// Appends the character (one byte) \p c itself to the calling thread's line.
void neve_print_char(int8_t c);

/// Appends the bytes of \p s to the calling thread's line; nil prints `nil`.
void neve_print_str(const neve_str *s);

/// Appends `nil` to the calling thread's line.
void neve_print_nil(void);

/// Appends the NUL-terminated \p s to the line (runtime-internal helper).
void neve_print_cstr(const char *s);

/// Ends print (\p newline) or printl: writes the thread's line in one write.
void neve_print_end(bool newline);

/// Writes whatever the calling thread has appended but not yet ended.
void neve_print_flush(void);

//===----------------------------------------------------------------------===//
// Runtime errors and exit
//===----------------------------------------------------------------------===//

/// Flushes output, prints `file:line:col: runtime error: msg`, exits with 1.
NEVE_NORETURN void neve_rt_error(const char *file, int32_t line, int32_t col,
                                 const char *msg);

/// Like neve_rt_error, with the message built from printf-style \p fmt.
NEVE_NORETURN void neve_rt_errorf(const char *file, int32_t line, int32_t col,
                                  const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/// `_quit_()`: flushes the thread's pending output and exits with status 1.
NEVE_NORETURN void neve_quit(void);

/// Normal end: flushes the thread's pending output and stdio, then exit()s.
NEVE_NORETURN void neve_exit(int32_t status);

//===----------------------------------------------------------------------===//
// Program entry
//===----------------------------------------------------------------------===//

/// The compiled program (prebuild calls, then `main`), defined by its code.
void neve_main(void);

/// Number of arguments given to the program after its name (for `argv()`).
int32_t neve_argc(void);

/// Argument \p i (0-based, after the program name), or NULL if out of range.
const char *neve_argv_at(int32_t i);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // NEVE_RUNTIME_NEVE_RUNTIME_H
