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

/// Three-way bytewise (unsigned, lexicographic) comparison: negative, zero or
/// positive as \p a orders before, equal to or after \p b. A proper prefix
/// orders first; nil orders before every string and equal to nil.
int32_t neve_str_cmp(const neve_str *a, const neve_str *b);

/// `a + b` (§5.1): a new GC-allocated string of the bytes of \p a followed by
/// those of \p b; a nil operand contributes `nil`, as print writes it.
neve_str *neve_str_concat(const neve_str *a, const neve_str *b);

/// New GC-allocated strings holding the text print writes for a value (§7),
/// for the right operand of `str + x`.
neve_str *neve_str_from_i64(int64_t v);
neve_str *neve_str_from_f32(float v);
neve_str *neve_str_from_bool(bool v);
neve_str *neve_str_from_char(int8_t c);

// The methods of str (§5.2, §7) take the source location (`file`, `line`,
// `col`) of the Neve expression, like the array operations below: a nil
// string is a runtime error "member access through nil" reported there.
// They are defined with the array functions (neve_array) declared below.

/// `s.size()`: the number of bytes. size() returns an `int`, so a string of
/// more than INT32_MAX bytes is a runtime error "str of N bytes is too long
/// for size()" instead of a negative size.
int64_t neve_str_size(const neve_str *s, const char *file, int32_t line,
                      int32_t col);

/// `s[index]`: the byte (a `char`) at \p index, after a negative index i is
/// replaced by n + i (§5.2). Any index outside [-n, n) is a runtime error
/// "index I out of range for str of size N".
int8_t neve_str_at(const neve_str *s, int64_t index, const char *file,
                   int32_t line, int32_t col);

/// `s[start:end]`: a new string of the bytes [start, end) after each negative
/// bound b is replaced by n + b and both are clamped to [0, n] (§5.2); empty
/// when start >= end. An omitted end is NEVE_SLICE_END (INT64_MAX).
neve_str *neve_str_slice(const neve_str *s, int64_t start, int64_t end,
                         const char *file, int32_t line, int32_t col);

/// `s.split(sep)` (§7): a new array of str (a scanned neve_array of
/// neve_str * elements) holding the fields between the occurrences of
/// \p sep, found left to right without overlap. Empty fields are kept, so
/// the result has one more element than there are occurrences ("" gives
/// [""]). A nil \p sep and an empty \p sep are runtime errors.
struct neve_array *neve_str_split(const neve_str *s, const neve_str *sep,
                                  const char *file, int32_t line, int32_t col);

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

/// A source position that generated code keeps in read-only memory.
typedef struct neve_site {
  const char *file;
  int32_t line;
  int32_t col;
} neve_site;

/// The calling thread's current call site: the program's call into C or
/// into a library that is in progress (null when none). Generated code
/// stores it around such calls (--neve-call-sites); errors raised without a
/// location of their own name it.
extern __thread const neve_site *neve_rt_call_site;

/// Flushes output, prints `file:line:col: runtime error: msg`, exits with 1.
/// Without a file (null or "<runtime>"), the position is the thread's
/// current call site, if any.
NEVE_NORETURN void neve_rt_error(const char *file, int32_t line, int32_t col,
                                 const char *msg);

/// Like neve_rt_error, with the message built from printf-style \p fmt.
NEVE_NORETURN void neve_rt_errorf(const char *file, int32_t line, int32_t col,
                                  const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/// `_quit_()`: flushes the thread's pending output and exits with status 1.
NEVE_NORETURN void neve_quit(void);

/// `fail_at(at, msg)`: flushes output, prints `AT: error: MSG` to stderr
/// and exits with status 1 (a library's error at its caller's position).
NEVE_NORETURN void neve_fail_at(const neve_str *at, const neve_str *msg);

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

/// Keeps the process's \p argc and \p argv (program name first) for
/// neve_argc, neve_argv_at and neve_argv; `main` calls it at startup. The
/// strings must outlive the program (those given to `main` do).
void neve_set_args(int32_t argc, char **argv);

//===----------------------------------------------------------------------===//
// Random numbers (§7 `seed`)
//===----------------------------------------------------------------------===//

/// Reseeds the process-wide generator behind `randu`, `randn`, `shuffle` and
/// the device initialisers. Without a call the generator is seeded with 0.
void neve_seed(int32_t s);

/// The next 64 uniformly distributed bits of the generator (thread-safe).
uint64_t neve_random_u64(void);

/// A uniform integer in [0, n) without modulo bias; 0 when \p n is 0.
uint64_t neve_random_below(uint64_t n);

/// `randu(a, b)`: a uniform float in [a, b) (a when a == b).
float neve_randu(float a, float b);

/// `randn(mean, std)`: a normally distributed float (Box–Muller over two
/// draws of the generator).
float neve_randn(float mean, float std);

//===----------------------------------------------------------------------===//
// Arrays: array<T> (§4.2, §5.2, §5.3, §7)
//===----------------------------------------------------------------------===//
//
// ABI. An `array<T>` value is a `neve_array *`; NULL is `nil`. The runtime
// does not know T, only its size in bytes (`elem_size`, > 0), fixed when the
// array is made: i8/bool/char 1, i16/bf16/half 2, int/float 4, i64 and every
// reference or pointer 8; for a tuple, its padded size. Element i lives at
// `data + i * elem_size`, and `data` is 16-byte aligned, so the compiler must
// pass sizes that keep its elements aligned. Elements are raw bytes, copied
// with memcpy.
//
// Storage comes from the collector. neve_array_new gives storage that the
// collector scans for pointers (needed when T is a reference type or a tuple
// holding one); neve_array_new_atomic gives storage it does not scan, which
// is faster and avoids false retention for scalar T. Arrays made from an
// array (slices, scans) keep its kind. New elements are zero bytes, which is
// every §4.6 default except the containers' (the compiler fills those in).
//
// Every operation that reads an array takes the source location of the
// Neve expression (`file`, `line`, `col`); a nil array is then a runtime
// error "member access through nil" reported there (Errors.cpp), as is an
// index outside [-n, n). A pointer returned by neve_array_at stays valid
// until the next append to or clear of that array.
//
// The runtime takes no lock on arrays or maps: threads that share one and
// modify it must synchronise in the program, as for any shared object.
//
// The struct is public: it is the ABI that generated code inlines
// (ArrayLowering.cpp). Compiled code reads `data` and `size` for indexing and
// `size()`, and for `append` with room (size < capacity) stores the element
// at data + size * elem_size and increments `size`; it calls the runtime
// for everything else, including every error (nil, an index out of range),
// and only the runtime allocates storage or changes `capacity`. Storage past
// `size` is not necessarily zeroed.

typedef struct neve_array {
  void *data;        ///< capacity * elem_size bytes; NULL when capacity is 0
  int64_t size;      ///< elements in use
  int64_t capacity;  ///< elements allocated
  int64_t elem_size; ///< bytes per element
  int64_t atomic;    ///< non-zero: the storage is not scanned for pointers
} neve_array;

/// A new array of \p length zero-filled elements (a negative length gives an
/// empty array) whose storage the collector scans.
neve_array *neve_array_new(int64_t elem_size, int64_t length);

/// Like neve_array_new, with storage the collector does not scan: only for
/// element types that hold no reference.
neve_array *neve_array_new_atomic(int64_t elem_size, int64_t length);

/// `a.size()`.
int64_t neve_array_size(const neve_array *a, const char *file, int32_t line,
                        int32_t col);

/// Reports `index I out of range for a fixed array of size N` at the
/// location and ends the program: the cold path of `a[i]` on `T[N]` (§4.3),
/// whose size the compiler knows, so the check itself is inline.
NEVE_NORETURN void neve_fixed_index_error(int64_t index, int64_t size,
                                          const char *file, int32_t line,
                                          int32_t col);

/// `a[index]`: the address of the element, after a negative index i is
/// replaced by n + i (§5.2). Any index outside [-n, n) is a runtime error
/// "index I out of range for array of size N".
void *neve_array_at(neve_array *a, int64_t index, const char *file,
                    int32_t line, int32_t col);

/// `a.append(x)`: copies elem_size bytes from \p elem to a new last element
/// (amortised O(1); the storage doubles when full).
void neve_array_append(neve_array *a, const void *elem, const char *file,
                       int32_t line, int32_t col);

/// `a.clear()`: the size becomes 0 (the storage is kept, zeroed).
void neve_array_clear(neve_array *a, const char *file, int32_t line,
                      int32_t col);

/// Pass for an omitted slice bound: start 0 for `a[:e]`, end
/// NEVE_SLICE_END for `a[s:]`.
#define NEVE_SLICE_END INT64_MAX

/// `a[start:end]`: a new array (of the same kind) copying the elements
/// [start, end) after each negative bound b is replaced by n + b and both are
/// clamped to [0, n] (§5.2); empty when start >= end.
neve_array *neve_array_slice(const neve_array *a, int64_t start, int64_t end,
                             const char *file, int32_t line, int32_t col);

/// `a.shuffle()`: a uniform random permutation in place (Fisher–Yates,
/// drawing from the generator of neve_seed).
void neve_array_shuffle(neve_array *a, const char *file, int32_t line,
                        int32_t col);

/// `a.sum()` / `a reduce +` and `a.prod()` / `a reduce *` on arrays of int,
/// i64 and float (the element size must match): folds left to right in the
/// element type (integers wrap, floats round at each step); an empty array
/// gives 0 and 1.
int32_t neve_array_sum_i32(const neve_array *a, const char *file, int32_t line,
                           int32_t col);
int64_t neve_array_sum_i64(const neve_array *a, const char *file, int32_t line,
                           int32_t col);
float neve_array_sum_f32(const neve_array *a, const char *file, int32_t line,
                         int32_t col);
int32_t neve_array_prod_i32(const neve_array *a, const char *file,
                            int32_t line, int32_t col);
int64_t neve_array_prod_i64(const neve_array *a, const char *file,
                            int32_t line, int32_t col);
float neve_array_prod_f32(const neve_array *a, const char *file, int32_t line,
                          int32_t col);

/// `a scan +` and `a scan *`: a new atomic array of the running sums or
/// products (element i folds elements 0..i); empty for an empty array.
neve_array *neve_array_scan_sum_i32(const neve_array *a, const char *file,
                                    int32_t line, int32_t col);
neve_array *neve_array_scan_sum_i64(const neve_array *a, const char *file,
                                    int32_t line, int32_t col);
neve_array *neve_array_scan_sum_f32(const neve_array *a, const char *file,
                                    int32_t line, int32_t col);
neve_array *neve_array_scan_prod_i32(const neve_array *a, const char *file,
                                     int32_t line, int32_t col);
neve_array *neve_array_scan_prod_i64(const neve_array *a, const char *file,
                                     int32_t line, int32_t col);
neve_array *neve_array_scan_prod_f32(const neve_array *a, const char *file,
                                     int32_t line, int32_t col);

/// `a.print()`: appends `[e0, e1, …]` to the calling thread's line, each
/// element written as print writes it (§7; a str element without quotes, nil
/// as `nil`), then ends the line as print does (one write, a newline). The
/// suffix names the element type: i8, i16, i32, i64 (integers), f32
/// (float), bool, char (the character), str (neve_str * elements).
void neve_array_print_i8(const neve_array *a, const char *file, int32_t line,
                         int32_t col);
void neve_array_print_i16(const neve_array *a, const char *file, int32_t line,
                          int32_t col);
void neve_array_print_i32(const neve_array *a, const char *file, int32_t line,
                          int32_t col);
void neve_array_print_i64(const neve_array *a, const char *file, int32_t line,
                          int32_t col);
void neve_array_print_f32(const neve_array *a, const char *file, int32_t line,
                          int32_t col);
void neve_array_print_bool(const neve_array *a, const char *file, int32_t line,
                           int32_t col);
void neve_array_print_char(const neve_array *a, const char *file, int32_t line,
                           int32_t col);
void neve_array_print_str(const neve_array *a, const char *file, int32_t line,
                          int32_t col);

//===----------------------------------------------------------------------===//
// Maps: map<K, V> (§4.2, §7, §11.6)
//===----------------------------------------------------------------------===//
//
// ABI. A `map<K, V>` value is a `neve_map *` (opaque); NULL is `nil`. The
// key kind (a neve_map_key_kind, from K) and the value size in bytes (as for
// array elements; values are raw bytes, 8-byte aligned in the map) are fixed
// when the map is made.
//
// A key is passed as 64 bits, `int64_t key`: integer, bool and char keys
// sign- (bool: zero-) extended to int64; a float key as its binary32 bit
// pattern zero-extended (neve_map_key_f32); str and class keys as the
// pointer (neve_map_key_ptr). Equality: integers by value; str by content
// (neve_str_eq; nil equals only nil); classes by identity; floats by value
// as `==` compares them, so +0.0 and -0.0 are the same key and a NaN key
// never equals anything (each `m[nan] = v` adds an entry that no lookup
// finds, and `has(nan)` is false).
//
// Representation: the entries are kept densely in insertion order (key,
// value) in collector-scanned storage, with an open-addressing index
// (linear probing, power-of-two size, at most half full) of entry numbers
// beside it; the hashes are kept apart in unscanned storage. Keys are never
// removed (only `clear`), so there are no tombstones. keys() and values()
// list the entries in insertion order, which the language leaves unspecified.
//
// A value pointer returned by get/get_or_insert stays valid until the next
// insertion into, or clear of, that map. Every operation takes the source
// location; a nil map is a runtime error "member access through nil".

typedef struct neve_map neve_map;

typedef enum neve_map_key_kind {
  NEVE_KEY_I8 = 0,
  NEVE_KEY_I16 = 1,
  NEVE_KEY_I32 = 2, ///< int
  NEVE_KEY_I64 = 3,
  NEVE_KEY_BOOL = 4,
  NEVE_KEY_CHAR = 5,
  NEVE_KEY_F32 = 6, ///< float
  NEVE_KEY_STR = 7, ///< neve_str *, by content
  NEVE_KEY_PTR = 8, ///< class instances, by identity
} neve_map_key_kind;

/// The 64-bit key of a float and of a pointer.
static inline int64_t neve_map_key_f32(float f) {
  union {
    float f;
    uint32_t u;
  } bits;
  bits.f = f;
  return (int64_t)bits.u;
}
static inline int64_t neve_map_key_ptr(const void *p) {
  return (int64_t)(intptr_t)p;
}

/// A new empty map (`{}` or the §4.6 default).
neve_map *neve_map_new(int32_t key_kind, int64_t value_size);

/// `m[k]` read, when V is not a container: the address of the value; a
/// missing key is a runtime error "missing map key K" naming the key as
/// print writes it (a str key in double quotes, a class key as
/// `<object 0x…>`).
void *neve_map_get(neve_map *m, int64_t key, const char *file, int32_t line,
                   int32_t col);

/// The slot of key \p key, inserted with zero-filled value bytes when
/// missing. For `m[k]` reads when V is an array or map (the compiler stores a
/// new empty container into a slot that holds nil), and for `m[k] = v`.
void *neve_map_get_or_insert(neve_map *m, int64_t key, const char *file,
                             int32_t line, int32_t col);

/// `m[k] = v`: copies value_size bytes from \p value into the slot of \p key.
void neve_map_set(neve_map *m, int64_t key, const void *value,
                  const char *file, int32_t line, int32_t col);

/// `m.has(k)`.
bool neve_map_has(const neve_map *m, int64_t key, const char *file,
                  int32_t line, int32_t col);

/// `m.size()`.
int64_t neve_map_size(const neve_map *m, const char *file, int32_t line,
                      int32_t col);

/// `m.clear()`: removes every entry.
void neve_map_clear(neve_map *m, const char *file, int32_t line, int32_t col);

/// `m.keys()` and `m.values()`: new arrays in matching order. The keys array
/// has K's size (1 for i8, bool and char; 2 for i16; 4 for int and float; 8
/// for i64, str and classes), the values array value_size.
neve_array *neve_map_keys(const neve_map *m, const char *file, int32_t line,
                          int32_t col);
neve_array *neve_map_values(const neve_map *m, const char *file, int32_t line,
                            int32_t col);

/// `m[k]` read when V is an array (neve_map_get_array) or a map
/// (neve_map_get_map) (§7, §11.6): the container stored under \p key; when
/// the key is missing, or its slot holds nil, a new empty container is made,
/// stored under the key and returned, so `deps[n].append(x)` works. The new
/// array has \p elem_size-byte elements (storage not scanned when
/// \p atomic); the new map has key kind \p key_kind and \p value_size-byte
/// values. A map whose values are not 8 bytes is a runtime error.
neve_array *neve_map_get_array(neve_map *m, int64_t key, int64_t elem_size,
                               bool atomic, const char *file, int32_t line,
                               int32_t col);
neve_map *neve_map_get_map(neve_map *m, int64_t key, int32_t key_kind,
                           int64_t value_size, const char *file, int32_t line,
                           int32_t col);


//===----------------------------------------------------------------------===//
// Concurrency (§6.8): tasks, finish, split arguments, locks, channels
//===----------------------------------------------------------------------===//
//
// Tasks (§6.8.1, §6.8.3). `async` and `asyncs` bodies are outlined into
// functions taking one environment pointer (the captured locals, allocated
// by compiled code with the collector). The runtime keeps \p env reachable
// by the collector from the call until the task's function returns. Every
// task runs on its own thread, taken from a cached pool of worker threads
// (registered with the collector): idle workers are reused, a new thread is
// started when none is idle, so a task that blocks never delays another.
// At most 4096 threads live at once (busy and idle); starting a task beyond
// that is a runtime error "too many threads: more than 4096 live threads".
// A runtime error raised in a task is reported as
// `file:line:col: runtime error: msg (in thread tid T of N)`. A task's
// unfinished print line is written when it ends.
//
// `finish` is neve_finish_begin ... neve_finish_end; the compiler passes the
// scope of the innermost lexically enclosing `finish` to every neve_async /
// neve_asyncs inside it (also from inside task bodies nested in it), and
// NULL outside any `finish`. neve_finish_end waits until every task
// registered with the scope has ended, then frees it (a task's end happens
// before neve_finish_end returns, §6.8.6).

typedef struct neve_finish neve_finish;
typedef void (*neve_task_fn)(void *env);

/// A new `finish` scope.
neve_finish *neve_finish_begin(void);

/// Waits for every task registered with \p f, then frees \p f (NULL: no-op).
void neve_finish_end(neve_finish *f);

/// `async`: runs fn(env) on a thread and returns at once. In the task `tid`
/// is 0 and `tN` 1. \p f may be NULL (the task is never joined).
void neve_async(neve_finish *f, neve_task_fn fn, void *env);

/// `asyncs n`: starts \p n tasks running fn(env) (none when n <= 0); task i
/// sees `tid` i and `tN` n. All share the one \p env.
void neve_asyncs(neve_finish *f, int64_t n, neve_task_fn fn, void *env);

/// `tid`, `tN` (thread-local; 0 and 1 outside asyncs tasks) and `tHW` (the
/// number of online hardware threads, at least 1). In a task, the thread's
/// context (neve_context) has thread_id = tid.
int32_t neve_tid(void);
int32_t neve_tn(void);
int32_t neve_thw(void);

// Split arguments (§6.8.2): the share of thread \p t of \p n, as a new array
// (the elements copied) with the element size and kind (scanned or atomic)
// of \p xs. A nil \p xs is a runtime error "member access through nil"
// (reported at <runtime>:0:0); n <= 0 or t outside [0, n) gives an empty
// array.

/// `>xs`: with len elements and c = ceil(len / n), indices
/// [t*c, min(len, (t+1)*c)), possibly none.
neve_array *neve_array_split_chunk(neve_array *xs, int64_t t, int64_t n);

/// `:xs`: indices t, t+n, t+2n, ... below len.
neve_array *neve_array_split_stride(neve_array *xs, int64_t t, int64_t n);

// Locks (§6.8.4): process-wide mutexes, one per distinct name, interned on
// first use and never freed, so compiled code may cache the pointer. Not
// re-entrant (taking a lock twice in a thread deadlocks).

/// The lock named \p name ("" or NULL: the anonymous lock of a bare `lock`).
void *neve_lock_get(const char *name);

/// Takes / gives back a lock from neve_lock_get (NULL is a runtime error
/// "member access through nil").
void neve_lock_acquire(void *lock);
void neve_lock_release(void *lock);

// Channels (§6.8.5). A `channel<T, N>` value is a `neve_channel *` (opaque,
// collected); NULL is nil. Elements are \p elem_size raw bytes copied with
// memcpy (4 for int and float, 8 for i64 and for references: str, arrays,
// objects; the padded size for a tuple). The slots are scanned by the
// collector, so references queued in a channel stay alive. The queue is a
// lock-free bounded ring (Vyukov's MPMC algorithm); a thread sleeps only
// when the channel is full (send) or empty and open (recv). A send happens
// before the receive that takes its value (§6.8.6).
//
// The functions take no source location: a nil channel is a runtime error
// "member access through nil" reported at <runtime>:0:0, so compiled code
// should test for nil inline and report it at the expression with
// neve_rt_error, as it does for arrays.

typedef struct neve_channel neve_channel;

/// A new open channel of \p capacity slots (N > 0, else a runtime error).
neve_channel *neve_channel_new(int64_t capacity, int64_t elem_size);

/// `ch <- e`: waits while the channel is full, then enqueues the elem_size
/// bytes at \p elem. Does nothing on a terminated channel (also when it is
/// terminated while the sender waits).
void neve_channel_send(neve_channel *ch, const void *elem);

/// `v <- ch`: waits while the channel is empty and open, then dequeues the
/// oldest value into \p out and returns true. Values sent before terminate
/// are still delivered; on a terminated, empty channel it zero-fills \p out
/// and returns false at once.
bool neve_channel_recv(neve_channel *ch, void *out);

/// `ch.alive()`: true until neve_channel_terminate.
bool neve_channel_alive(neve_channel *ch);

/// `ch.terminate()`: idempotent; wakes every waiting sender and receiver.
void neve_channel_terminate(neve_channel *ch);

/// `ch.sum()` for int, i64 and float elements (the element size must be 4,
/// 8, 4, else a runtime error): removes every queued value without waiting
/// and returns their sum (0 for none; int and i64 wrap, float rounds at each
/// step, in queue order).
int32_t neve_channel_sum_int(neve_channel *ch);
int64_t neve_channel_sum_i64(neve_channel *ch);
float neve_channel_sum_float(neve_channel *ch);

//===----------------------------------------------------------------------===//
// Type tags (§4.4)
//===----------------------------------------------------------------------===//

/// The values of the type tags `int_t`, `i8_t`, … (and of a scalar type
/// keyword written alone as an argument, `new tensor(float, dims)`), as
/// compiled code passes them to foreign functions.
enum neve_type_tag {
  NEVE_TYPE_INT = 1,
  NEVE_TYPE_I8 = 2,
  NEVE_TYPE_I16 = 3,
  NEVE_TYPE_I64 = 4,
  NEVE_TYPE_FLOAT = 5,
  NEVE_TYPE_BF16 = 6,
  NEVE_TYPE_HALF = 7,
  NEVE_TYPE_CHAR = 8,
  NEVE_TYPE_STR = 9,
  NEVE_TYPE_ARRAY = 10,
  NEVE_TYPE_BOOL = 11,
};

//===----------------------------------------------------------------------===//
// Objects and singletons (§3.4, §2.3)
//===----------------------------------------------------------------------===//

/// A new object of \p size bytes, every byte zero, scanned by the collector
/// (its fields may hold references). Compiled `new C(...)` calls this, then
/// stores the non-zero field defaults and runs the constructor.
void *neve_object_new(int64_t size);

/// The state behind one class's singleton `$C`: zero before first use.
typedef struct neve_singleton_state {
  void *instance;          ///< the object, once built
  int64_t phase;           ///< 0 unbuilt, 1 building, 2 built
  int64_t builder;         ///< a token of the thread building it
  int64_t reserved;
} neve_singleton_state;

/// `$C`: the instance in \p state, built on first use by calling \p init
/// (which allocates and constructs it) exactly once, even when threads race;
/// other threads wait for the builder. A constructor that reaches `$C` of
/// its own class (from the building thread) is a runtime error naming
/// \p class_name at (file, line, col). The instance is never collected.
void *neve_singleton(neve_singleton_state *state, void *(*init)(void),
                     const char *class_name, const char *file, int32_t line,
                     int32_t col);

//===----------------------------------------------------------------------===//
// Host builtins (§7): files, time, integer arrays
//===----------------------------------------------------------------------===//

/// `argv()`: a new array<str> of the arguments after the program name.
neve_array *neve_argv(void);

/// `glob(pattern)`: a new array<str> of the paths matching the shell wildcard
/// \p pattern (glob(3) syntax), sorted bytewise; empty when nothing matches,
/// on a read error, or for a nil pattern.
neve_array *neve_glob(const neve_str *pattern);

/// `start_timer()`: (re)starts the one process-wide timer (a monotonic
/// clock). Until the first call it runs from program start.
void neve_start_timer(void);

/// `end_timer()`: prints the line `elapsed: S s` (seconds, 6 decimals) as
/// print does and returns the elapsed time in milliseconds. The timer keeps
/// running, so later calls measure from the same start.
float neve_end_timer(void);

/// `sleep(seconds)`: pauses the calling thread (nothing for seconds <= 0).
void neve_sleep(int32_t seconds);

/// `zeros_int(n)` / `ones_int(n)`: a new array<int> of \p n copies of
/// \p value (empty for n <= 0).
neve_array *neve_array_fill_i32(int32_t n, int32_t value);

/// `arange_int(a, b)`: a new array<int> holding a, a+1, ..., b-1 (empty when
/// b <= a).
neve_array *neve_array_range_i32(int32_t start, int32_t end);

//===----------------------------------------------------------------------===//
// The runtime context of foreign functions (§3.8)
//===----------------------------------------------------------------------===//
//
// A `proto` declared without `sys` is called with the calling thread's
// context as a hidden first argument (`void *`, pointing to a
// neve_thread_context), followed by the declared arguments:
//
//   proto int ring_push(any, int)   ->   int32_t ring_push(void *ctx,
//                                                          void *x, int32_t v);
//
// Through the context, foreign code reaches the thread id and the collector
// by function pointers, without linking against runtime symbols. Memory from
// `alloc` is collected when no Neve value, stack or other collected object
// points to it: memory from malloc is not scanned, so a collected pointer
// kept only there may be freed. Fields may be added at the end; `size` is
// the size of the struct the runtime filled in.

typedef struct neve_thread_context {
  int32_t size;      ///< sizeof(neve_thread_context) of the runtime
  int32_t thread_id; ///< `tid` within the thread's `asyncs`; 0 otherwise
  /// Collected, zeroed memory that the collector scans for pointers.
  void *(*alloc)(int64_t size);
  /// Collected memory that is not scanned: only for data without pointers.
  void *(*alloc_atomic)(int64_t size);
  /// A new collected `str` copying the NUL-terminated \p s (NULL gives nil).
  neve_str *(*str_from_cstr)(const char *s);
  /// Runs a full collection.
  void (*collect)(void);
} neve_thread_context;

/// The calling thread's context (a `neve_thread_context *`), made on first
/// use; the pointer stays valid while the thread runs.
void *neve_context(void);

/// Sets the calling thread's context's thread_id (for the thread runtime).
void neve_context_set_thread_id(int32_t id);

//===----------------------------------------------------------------------===//
// any (§4.2, §4.5)
//===----------------------------------------------------------------------===//
//
// ABI. An `any` value is a `neve_any *`; NULL is `nil`. A box is allocated
// by the collector (scanned, so it keeps the value alive) and never changes.
// It holds the value (a reference or a pointer) and the name of its dynamic
// Neve type as diagnostics spell it ("array<int>", "Node",
// "Function<int, int>"): a NUL-terminated string that must outlive the box
// (generated code passes a constant). Converting back to a type compares the
// names by content, so equal names from different modules match.

typedef struct neve_any {
  const char *type_name; ///< the dynamic type of `value`
  void *value;           ///< never NULL: nil is not boxed
} neve_any;

/// Boxes \p value with its dynamic type \p type_name; a NULL value (nil)
/// gives nil, not a box.
neve_any *neve_any_box(const char *type_name, void *value);

/// The value held by \p a when its dynamic type is \p type_name; nil gives
/// nil. A different dynamic type is a runtime error at (file, line, col):
/// "cannot convert any holding HELD to TYPE".
void *neve_any_unbox(const neve_any *a, const char *type_name,
                     const char *file, int32_t line, int32_t col);

/// `==` on `any` (§4.7): true when both are nil, or both hold the same
/// reference with the same dynamic type.
bool neve_any_same(const neve_any *a, const neve_any *b);

/// The dynamic type name held by \p a, or "nil" for nil.
const char *neve_any_type_name(const neve_any *a);

//===----------------------------------------------------------------------===//
// Host buffers of the native layer (§9.1, HostBuffers.cpp)
//===----------------------------------------------------------------------===//
// `proto`s without `sys` (§3.8): the runtime context comes first. A
// `float_cpu` is a `float *` to host memory that the GC does not collect.

/// `proto float_cpu cumalloc_host(i64)`: \p bytes of uncollected host memory
/// (64-byte aligned, contents unspecified; 0 bytes gives a distinct non-null
/// pointer). A negative size or a failed allocation is a runtime error.
float *cumalloc_host(void *ctx, int64_t bytes);

/// The number of bytes from \p p to the end of the cumalloc_host buffer that
/// holds it (\p p may point inside it, or just past its end: 0), or -1 when
/// no such buffer is known (nil, or memory from elsewhere). Natives that
/// write into a caller's float_cpu use it to refuse writing past the end.
int64_t neve_host_bytes_after(const void *p);

/// `proto int float_cpu_print(float_cpu, array<int>)`: prints the
/// shape[0] * ... * shape[r-1] floats of \p buf (row-major) nested by the
/// int array \p shape, each dimension as a bracketed, ", "-separated list and
/// each float as `print` writes it, then a newline: shape [2, 2] gives
/// `[[1.0, 2.0], [3.0, 4.0]]`, [3] gives `[1.0, 2.0, 3.0]`, an empty shape
/// the single float, a zero dimension `[]`. A nil shape, a negative
/// dimension or a nil buffer with elements is a runtime error. Returns 0.
int32_t float_cpu_print(void *ctx, const float *buf, const neve_array *shape);

//===----------------------------------------------------------------------===//
// GPU (§6.7, §8, §9.1; lib/Runtime/GPU, docs/runtime-gpu.md)
//===----------------------------------------------------------------------===//
//
// The CUDA driver is loaded at run time (dlopen of libcuda.so.1, or of
// $NEVE_CUDA_LIBRARY; entry points through cuGetProcAddress) on the first
// GPU call, and the primary context of device 0 ($NEVE_GPU_DEVICE) is made
// current on each thread that calls one. A program that makes no GPU call
// never opens the driver and runs where there is no GPU; one that does gets
// a runtime error there, e.g.
//   <runtime>:0:0: runtime error: this program uses the GPU, but no CUDA
//   driver could be loaded (libcuda.so.1: cannot open shared object file...)
// Every GPU error ends the program with status 1 through neve_rt_errorf,
// naming the CUDA error (cuGetErrorName: cuGetErrorString) and what was
// being done. Its location is the pending launch site (see
// neve_gpu_launch_site) when there is one, else <runtime>:0:0.
//
// Handles (streams, events, modules, functions, graphs) are opaque void *.
// Device pointers are plain pointers (CUdeviceptr values).

// --- Upstream MLIR's entry points -------------------------------------------
// The functions that `gpu-to-llvm` and the #gpu.select_object translation
// emit, with upstream's signatures (mlir/lib/ExecutionEngine/
// CudaRuntimeWrappers.cpp). A null stream means the calling thread's stream.

/// Records a module (no driver call: generated code calls it from a global
/// constructor). \p data is a NEVEKRN1 kernel container (the runtime picks a
/// cubin for the device's exact compute capability, else the newest PTX it
/// can run; NEVE_GPU_FORCE_PTX=1 forces PTX) or a raw cubin/PTX image.
void *mgpuModuleLoad(void *data, int64_t size);
/// The same for a NUL-terminated PTX image compiled with \p optLevel (0-4).
void *mgpuModuleLoadJIT(void *data, int32_t optLevel);
/// Unloads a module (nothing if it was never loaded or at program exit).
void mgpuModuleUnload(void *module);
/// The kernel \p name of \p module, loading the module on first use (once,
/// thread-safe); cached per module, so calling it before every launch is
/// cheap. The handle is the runtime's own record, only for mgpuLaunchKernel.
void *mgpuModuleGetFunction(void *module, const char *name);
/// Launches \p function (from mgpuModuleGetFunction) on \p stream;
/// \p params points to the kernel's arguments. A dimension <= 0 launches
/// nothing (§6.7); more than 48 KiB of dynamic shared memory is allowed
/// first (cuFuncSetAttribute, once per function and size). A failure is
/// `FILE:LINE:COL: runtime error: launching kernel 'NAME' failed:
/// CUDA_ERROR_...: <string>` at the pending launch site.
void mgpuLaunchKernel(void *function, int64_t gridX, int64_t gridY,
                      int64_t gridZ, int64_t blockX, int64_t blockY,
                      int64_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, int64_t paramsCount);
void *mgpuStreamCreate(void);
/// Waits for the stream, then destroys it (the thread's stream: no-op).
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
/// Device memory from the caching allocator for work on \p stream; with
/// \p isHostShared, managed memory (cuMemAllocManaged, not cached).
void *mgpuMemAlloc(uint64_t bytes, void *stream, bool isHostShared);
/// Stream-ordered free: the block serves \p stream's later work at once and
/// other streams once \p stream is known to be idle.
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, int64_t bytes, void *stream);
void mgpuMemset32(void *dst, uint32_t value, int64_t count, void *stream);
void mgpuMemset16(void *dst, uint16_t value, int64_t count, void *stream);
/// Chooses the device before the first GPU call (one device per program).
void mgpuSetDefaultDevice(int32_t device);

// --- Launch sites, streams, synchronisation ---------------------------------

/// Called by generated code right before each launch: the source location
/// of the `launch` (kept thread-locally until the launch). Errors of that
/// launch, and asynchronous faults found later while it is the thread's
/// last launch, are reported there: `... error in kernel 'NAME' launched at
/// FILE:LINE:COL: CUDA_ERROR_ILLEGAL_ADDRESS: ... (found while ...)`.
void neve_gpu_launch_site(const char *file, int32_t line, int32_t col);

/// A launch the compiler proved wrong before the kernel starts (the block
/// size of a kernel's tiled matrix product): `file:line:col: runtime
/// error: msg`, exit status 1. Needs no GPU.
NEVE_NORETURN void neve_gpu_launch_error(const char *file, int32_t line,
                                         int32_t col, const char *msg);

/// `tensor_map(p, rows, cols, box_rows, box_cols, swizzle[, pitch])` and
/// `tensor_map_3d(p, d0, d1, d2, b0, b1, b2, swizzle)` (§8.4): the TMA
/// descriptor of a row-major tensor of \p rank (2 or 3) dimensions at
/// \p base with elements of type tag \p type, extents outermost first and
/// right-aligned in (d0, d1, d2) (a 2-D map uses d1, d2 and b1, b2), rows
/// \p pitch elements apart (-1: dense), cut in boxes (b0, b1, b2), with a
/// swizzle of 0, 32, 64 or 128 bytes. The result points to the 128-byte,
/// 128-byte aligned descriptor (a CUtensorMap), which a launch copies into
/// the kernel's tensor_map parameter. Each distinct descriptor is encoded
/// once (cuTensorMapEncodeTiled) and kept for the life of the process: a
/// call with the same arguments returns the same pointer without
/// allocating. Arguments TMA cannot describe (an address or row pitch not
/// a multiple of 16 bytes, a box extent over 256, a swizzled box row wider
/// than the swizzle) end the program: `file:line:col: runtime error:
/// tensor_map: ...`.
void *neve_gpu_tensor_map(void *base, int32_t type, int32_t rank, int64_t d0,
                          int64_t d1, int64_t d2, int64_t pitch, int32_t b0,
                          int32_t b1, int32_t b2, int32_t swizzle,
                          const char *file, int32_t line, int32_t col);

/// The calling thread's own in-order stream (created on first use): §6.7's
/// "one in-order stream per thread"; launches and the natives below use it.
void *neve_gpu_stream(void);

/// Waits for the calling thread's stream; reports asynchronous errors.
void neve_gpu_sync(void);

/// True once the driver has been loaded and initialised (never loads it).
bool neve_gpu_initialized(void);

/// NVTX ranges for Nsight Systems (GPU/Nvtx.cpp, docs/gpu.md "Debugging"),
/// on only with NEVE_NVTX=1 (read once): then push opens a range named
/// `name` on the calling thread and pop closes the innermost one. Off, both
/// return at once; they never load the driver.
int32_t neve_nvtx_enabled(void);
void neve_nvtx_push(const neve_str *name);
void neve_nvtx_pop(void);

/// Called by main after neve_main returns: when the program used the GPU,
/// waits for the device (a kernel fault then fails the run) and, with
/// NEVE_GPU_ALLOC_STATS=1, prints the allocator's statistics to stderr.
void neve_gpu_at_exit(void);

// --- Device memory -----------------------------------------------------------
// A caching allocator: sizes rounded up to 512 bytes (up to 1 MiB) or to
// 2 MiB, freed blocks cached per stream and size; out of memory releases
// the cache and retries, then is the runtime error `out of device memory:
// N bytes requested, M bytes in use, K cached`.

typedef struct neve_gpu_alloc_stats_t {
  int64_t allocations;        ///< requests served (device and arena chunks)
  int64_t reuses;             ///< of which from the cache
  int64_t device_allocations; ///< cuMemAlloc calls
  int64_t frees;
  int64_t bytes_in_use;       ///< size-class bytes held by the program
  int64_t bytes_cached;       ///< size-class bytes in the free lists
  int64_t peak_bytes_in_use;
  int64_t cache_releases;     ///< times the cache was emptied after OOM
  int64_t arena_bytes;        ///< bytes of the arena's chunks (in use)
  int64_t arena_chunks;
  int64_t arena_used;         ///< handed out since the last reset
  int64_t arena_high_water;   ///< most handed out between two resets
  int64_t arena_resets;
} neve_gpu_alloc_stats_t;

/// Fills \p out (never loads the driver).
void neve_gpu_alloc_stats(neve_gpu_alloc_stats_t *out);

/// \p bytes of device memory for the calling thread's stream (0 bytes give
/// a distinct pointer) / gives it back (stream-ordered; NULL: no-op).
void *neve_gpu_malloc(int64_t bytes);
void neve_gpu_free(void *ptr);

/// The temporary arena (§9.1): \p bytes, 256-byte aligned, valid until the
/// next reset; chunks come from the caching allocator and are kept.
void *neve_gpu_arena_alloc(int64_t bytes);
/// `tarena_reset()`: recycles everything the arena handed out.
void neve_tarena_reset(void);
/// The same as a `proto void tarena_reset()` without `sys` would call it.
void tarena_reset(void *ctx);

/// Pinned (page-locked) host memory (cuMemHostAlloc, portable) / its free.
void *neve_gpu_host_alloc(int64_t bytes);
void neve_gpu_host_free(void *ptr);

// --- Timing events and CUDA graphs ------------------------------------------

/// A timing event recorded on the calling thread's stream.
void *neve_gpu_event_record(void);
/// Milliseconds between two recorded events (waits for \p end).
float neve_gpu_event_elapsed_ms(void *start, void *end);
void neve_gpu_event_destroy(void *event);

/// Starts capturing the calling thread's stream into a CUDA graph (relaxed
/// mode). Until neve_gpu_graph_end, launches, memsets and copies are
/// recorded, not run (a host-to-device copy reads its host buffer again at
/// each replay, so the buffer must stay valid); allocations are allowed;
/// whatever waits for the GPU (neve_gpu_sync, device-to-host transfers,
/// event timing) and what copies temporary host data (the random
/// initialisers, to_cuda) is a runtime error; the allocator neither frees
/// nor releases device memory.
void neve_gpu_graph_begin(void);
/// Ends the capture and returns the instantiated (executable) graph.
void *neve_gpu_graph_end(void);
/// Replays a graph on the calling thread's stream (asynchronously).
void neve_gpu_graph_launch(void *graph);
void neve_gpu_graph_destroy(void *graph);

// --- Device buffers of the native layer (§9.1) ------------------------------
// `proto`s without `sys` (§3.8): the runtime context comes first. float_pp
// is float * to device memory, float_cpu float * to host memory (malloc'ed
// as cumalloc_host does), bf16 buffers uint16_t *. All work goes to the
// calling thread's stream. Negative sizes, nil buffers and nil arrays are
// runtime errors.

/// The device's multiprocessors (`sm_count()`, the grid of a persistent
/// kernel) and compute capability as major * 10 + minor
/// (`gpu_capability()`: 90 on Hopper). Both initialise the driver.
int32_t sm_count(void *ctx);
int32_t gpu_capability(void *ctx);
/// `sm90a_available()` (when the program has sm_90a kernels): 1 when the
/// device runs the kernel containers' sm_90a entries (a compute capability
/// of 9.0, neither NEVE_GPU_ARCH_SPECIFIC=0 nor NEVE_GPU_FORCE_PTX=1).
int32_t neve_gpu_sm90a_usable(void);

/// \p bytes of device memory (contents unspecified).
float *cumalloc(void *ctx, int64_t bytes);
/// New n-element device buffers: zeros, ones, uniform [0, 1) (`randu`).
float *zeros_cuda(void *ctx, int32_t n);
float *ones_cuda(void *ctx, int32_t n);
float *randu_cuda(void *ctx, int32_t n);
/// Xavier uniform: U(-b, b) with b = sqrt(6 / (fan_a + fan_b)); the _relu
/// form multiplies b by sqrt(2).
float *xavu_cuda(void *ctx, int32_t n, int32_t fan_a, int32_t fan_b);
float *xavu_relu_cuda(void *ctx, int32_t n, int32_t fan_a, int32_t fan_b);
/// Kaiming normal: N(0, s) with s = gain * sqrt(2 / fan_in) (the reference
/// program passes gain 1); the _relu form has no gain and multiplies
/// sqrt(2 / fan_in) by sqrt(2). fan_out is unused. A negative or non-finite
/// gain is a runtime error.
float *kaiming_cuda(void *ctx, int32_t n, int32_t fan_in, int32_t fan_out,
                    float gain);
float *kaiming_relu_cuda(void *ctx, int32_t n, int32_t fan_in,
                         int32_t fan_out);
/// Convolution weights: U(-b, b) with b = 1 / sqrt(fan_in) (PyTorch's
/// default for Conv2d); a and b are unused.
float *conv_w_cuda(void *ctx, int32_t n, int32_t fan_in, int32_t a, int32_t b);
/// bf16 buffers: uniform [0, 1) rounded to nearest even, and zeros.
uint16_t *randu_bf16_cuda(void *ctx, int32_t n);
uint16_t *zeros_bf16_cuda(void *ctx, int32_t n);
/// n zeros in the temporary arena.
float *zeros_cuda_pool(void *ctx, int32_t n);
/// Arena buffers of n floats: uninitialised (Frost's results, which its
/// kernels overwrite) and ones (the seed of a backward pass).
float *empty_cuda_pool(void *ctx, int32_t n);
float *ones_cuda_pool(void *ctx, int32_t n);
/// An uninitialised arena buffer of n bf16 values.
uint16_t *empty_bf16_pool(void *ctx, int32_t n);
/// \p p advanced by \p k floats: a slice of a device buffer as a buffer of
/// its own (Frost's flat optimiser buffers). No allocation, no check.
float *float_pp_at(void *ctx, float *p, int32_t k);
/// `p.cpu(n)`: a new host buffer with n floats copied from \p p, after the
/// thread's earlier GPU work; device_to_host is the same.
float *float_pp_cpu(void *ctx, const float *p, int64_t n);
float *device_to_host(void *ctx, const float *p, int64_t n);
/// Copies n floats from host \p h to device \p p (ordered on the thread's
/// stream). From malloc'ed memory the data is staged before the call
/// returns; from pinned memory (neve_gpu_host_alloc) the copy is
/// asynchronous: \p h must not change before the next neve_gpu_sync.
/// Returns 0 (`proto int`, as the reference program declares it).
int32_t host_to_device(void *ctx, const float *h, float *p, int64_t n);
/// `h.cuda(n)` / `h.cupool(n)`: a new device (arena) buffer holding n floats
/// of \p h.
float *float_cpu_cuda(void *ctx, const float *h, int32_t n);
float *float_cpu_cupool(void *ctx, const float *h, int32_t n);
/// `p.to_array(n)`: a new array<float> (atomic storage) of n floats of \p p.
neve_array *float_pp_to_array(void *ctx, const float *p, int32_t n);
/// bf16 transfers: host to a new device buffer, device to a new host buffer.
uint16_t *bf16_cpu_cuda(void *ctx, const uint16_t *h, int32_t n);
uint16_t *bf16_pp_cpu(void *ctx, const uint16_t *p, int64_t n);
/// `to_cuda(xs)`: a new device buffer holding the floats of \p xs.
float *neve_to_cuda(void *ctx, const neve_array *xs);

//===----------------------------------------------------------------------===//
// Frost's natives (lib/Runtime/Frost, declared as `proto`s in frost/*.nv and
// the prelude): dataset files, images, checkpoints, bf16 host buffers, the
// terminal. Errors end the program through neve_rt_errorf, naming the file.
//===----------------------------------------------------------------------===//

/// An IDX file (gzip-compressed or not): appends its extents to the int
/// array \p dims and returns its elements as floats in a new host buffer.
float *idx_read(void *ctx, const neve_str *path, neve_array *dims);
/// A CIFAR-10 binary batch into \p images (3072 floats 0..255 per record)
/// and \p labels; returns the number of records.
int32_t cifar_read(void *ctx, const neve_str *path, float *images,
                   float *labels);
/// The size of a file in bytes.
int32_t file_size(void *ctx, const neve_str *path);
/// Decodes a PNG into \p h as channels x H x W floats in [0, 1].
void float_cpu_load_img(void *ctx, float *h, const neve_str *path,
                        int32_t channels);
/// The same, refusing an image whose size is not height x width.
void load_img_sized(void *ctx, float *h, const neve_str *path, int32_t channels,
                    int32_t height, int32_t width);
/// Writes channels x H x W floats in [0, 1] as an 8-bit PNG.
void float_cpu_save_png(void *ctx, const float *h, int32_t channels,
                        int32_t height, int32_t width, const neve_str *path);
/// Writes float32 tensors (names, ranks, flattened dims, values one after
/// the other in \p data) as a safetensors file, through PATH.tmp.
void safetensors_save(void *ctx, const neve_str *path, const neve_array *names,
                      const float *data, const neve_array *ranks,
                      const neve_array *dims);
/// The tensor names of a safetensors file, in file order.
neve_array *safetensors_names(void *ctx, const neve_str *path);
/// Every tensor's name, rank, extents (flattened) and dtype, appended in
/// file order; only the header is read.
void safetensors_header(void *ctx, const neve_str *path, neve_array *names,
                        neve_array *ranks, neve_array *dims,
                        neve_array *dtypes);
/// One tensor of a safetensors file as floats (F32, F64, BF16, F16); its
/// shape is appended to \p dims.
float *safetensors_read(void *ctx, const neve_str *path, const neve_str *name,
                        neve_array *dims);
/// bf16 host buffers: print like float_cpu_print; save n raw values. Each
/// returns 0 (`proto int`, as the reference program declares them).
int32_t bf16_cpu_print(void *ctx, const uint16_t *h, const neve_array *shape);
int32_t bf16_cpu_save(void *ctx, const uint16_t *h, int32_t n,
                      const neve_str *path);
int32_t bf16_pp_save(void *ctx, const uint16_t *p, int32_t n,
                     const neve_str *path);
/// NCCL collectives for Frost's data parallelism (GPU/Nccl.cpp; NCCL loaded
/// at run time, NVLink multicast off). Rank 0 writes its unique id to a
/// file with nccl_id_create; every rank then calls nccl_comm_init with the
/// same file (waiting up to \p timeout_s for it; rank 0 removes it once
/// the communicator exists). The collectives are
/// float32 on the calling thread's stream; \p op: 0 sum, 1 average, 2 max.
bool nccl_id_create(void *ctx, const neve_str *path);
void *nccl_comm_init(void *ctx, const neve_str *id_path, int32_t nranks,
                     int32_t rank, int32_t timeout_s);
/// The communicator of the rank the environment describes (GPU/ClusterEnv.h:
/// neve-launch's NEVE_* variables, torchrun's RANK/WORLD_SIZE/LOCAL_RANK/
/// MASTER_ADDR/MASTER_PORT, or Slurm's SLURM_PROCID/SLURM_NTASKS/
/// SLURM_LOCALID with the first node as master): the id through
/// neve-launch's file, or over TCP from rank 0 (GPU/IdExchange.h). Null
/// when no launcher started the program (rank 0 of 1, no NCCL).
void *nccl_comm_init_env(void *ctx, int32_t timeout_s);
/// The rank, the number of ranks and the rank on its node as the
/// environment gives them (0, 1, 0 without a launcher), and the launcher:
/// "none", "neve-launch", "torchrun" or "slurm". A malformed variable is a
/// run-time error naming it.
int32_t cluster_rank(void *ctx);
int32_t cluster_world_size(void *ctx);
int32_t cluster_local_rank(void *ctx);
neve_str *cluster_launcher(void *ctx);
void nccl_comm_destroy(void *ctx, void *comm);
int32_t nccl_comm_size(void *ctx, void *comm);
int32_t nccl_comm_rank(void *ctx, void *comm);
void nccl_all_reduce(void *ctx, void *comm, const float *send, float *recv,
                     int32_t n, int32_t op);
void nccl_broadcast(void *ctx, void *comm, const float *send, float *recv,
                    int32_t n, int32_t root);
/// recv holds nranks * n floats, rank r's n at r * n.
void nccl_all_gather(void *ctx, void *comm, const float *send, float *recv,
                     int32_t n);
/// send holds nranks * n floats; rank r receives the reduction of block r.
void nccl_reduce_scatter(void *ctx, void *comm, const float *send,
                         float *recv, int32_t n, int32_t op);
/// Starts an all-reduce that overlaps the thread's later work: it runs on
/// the communicator's own stream once the thread's work issued so far is
/// done. Its result may be read only after nccl_wait.
void nccl_all_reduce_async(void *ctx, void *comm, const float *send,
                           float *recv, int32_t n, int32_t op);
/// Orders the thread's later work after every asynchronous all-reduce
/// started on \p comm (stream-ordered: the host does not wait).
void nccl_wait(void *ctx, void *comm);
/// cuDNN convolutions for Frost's Conv2d (GPU/Cudnn.cpp): float32 NCHW, filter
/// [cout, cin, k, k]; the backward ones accumulate into dx / dw.
void conv2d_cudnn_allow_tf32(void *ctx, bool allow);
void conv2d_cudnn_forward(void *ctx, float *y, const float *x, const float *w,
                          int32_t n, int32_t cin, int32_t h, int32_t wd,
                          int32_t cout, int32_t k, int32_t stride, int32_t pad);
void conv2d_cudnn_backward_data(void *ctx, float *dx, const float *dy,
                                const float *w, int32_t n, int32_t cin,
                                int32_t h, int32_t wd, int32_t cout, int32_t k,
                                int32_t stride, int32_t pad);
void conv2d_cudnn_backward_filter(void *ctx, float *dw, const float *dy,
                                  const float *x, int32_t n, int32_t cin,
                                  int32_t h, int32_t wd, int32_t cout,
                                  int32_t k, int32_t stride, int32_t pad);
/// Whole files as strings and token files (the bpe package and Frost's
/// TokenLoader; Frost/TextFiles.cpp, Frost/TokenFiles.cpp): a problem with
/// the file returns nil (false) and appends `PATH: reason` to \p err.
neve_str *text_file_read(void *ctx, const neve_str *path, neve_array *err);
bool text_file_write(void *ctx, const neve_str *path, const neve_str *data,
                     neve_array *err);
/// The concatenation of an array of strings.
neve_str *str_join(void *ctx, const neve_array *parts);
/// Token files (uint16 ids, llm.c's header) and window orders
/// (Frost/TokenFileFormat.h).
bool token_file_write(void *ctx, const neve_str *path, const neve_array *ids,
                      neve_array *err);
int16_t *token_file_map(void *ctx, const neve_str *path, neve_array *info,
                        neve_array *err);
bool order_file_write(void *ctx, const neve_str *path,
                      const neve_array *header, const neve_array *offsets,
                      neve_array *err);
neve_array *order_file_read(void *ctx, const neve_str *path,
                            neve_array *header, neve_array *err);
/// Whether stdout is a terminal; monotonic seconds; an environment variable
/// or \p fallback.
bool stdout_is_tty(void *ctx);
float wall_seconds(void *ctx);
neve_str *env_or(void *ctx, const neve_str *name, neve_str *fallback);
/// The program's output so far, then \p line and a newline on stderr.
void note_stderr(void *ctx, const neve_str *line);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // NEVE_RUNTIME_NEVE_RUNTIME_H
