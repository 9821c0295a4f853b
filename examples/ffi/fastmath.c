/* A native extension for examples/ffi/ffi.nv: the Neve answer to a Python
 * C extension built with setuptools. No binding layer, no build script:
 * compile it as a shared library and declare its functions with `proto`.
 *
 *   cc -shared -fPIC -O2 -I include examples/ffi/fastmath.c -o /tmp/libfastmath.so
 *   neve run -l fastmath -L /tmp examples/ffi/ffi.nv
 *
 * Functions declared without `sys` receive the calling thread's runtime
 * context first (neve_runtime.h), through which they can allocate strings
 * and arrays that the garbage collector owns. */

#include "neve/Runtime/neve_runtime.h"

#include <math.h>
#include <stdio.h>

/* proto float sys dot(array<float>, array<float>) : reads two Neve arrays. */
float dot(const neve_array *a, const neve_array *b) {
  const float *x = (const float *)a->data, *y = (const float *)b->data;
  int64_t n = a->size < b->size ? a->size : b->size;
  float s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

/* proto array<float> softmax(array<float>) : returns a new collected array. */
neve_array *softmax(void *ctx, const neve_array *xs) {
  neve_thread_context *c = (neve_thread_context *)ctx;
  int64_t n = xs->size;
  const float *x = (const float *)xs->data;
  neve_array *out = (neve_array *)c->alloc(sizeof(neve_array));
  float *y = (float *)c->alloc_atomic(n > 0 ? n * sizeof(float) : 1);
  float m = -INFINITY, sum = 0;
  for (int64_t i = 0; i < n; ++i)
    m = x[i] > m ? x[i] : m;
  for (int64_t i = 0; i < n; ++i)
    sum += (y[i] = expf(x[i] - m));
  for (int64_t i = 0; i < n; ++i)
    y[i] /= sum;
  out->data = y;
  out->size = n;
  out->capacity = n;
  out->elem_size = sizeof(float);
  out->atomic = 1;
  return out;
}

/* proto str describe(array<float>) : builds a Neve string. */
neve_str *describe(void *ctx, const neve_array *xs) {
  neve_thread_context *c = (neve_thread_context *)ctx;
  char buf[128];
  const float *x = (const float *)xs->data;
  float lo = xs->size ? x[0] : 0, hi = lo;
  for (int64_t i = 1; i < xs->size; ++i) {
    lo = x[i] < lo ? x[i] : lo;
    hi = x[i] > hi ? x[i] : hi;
  }
  snprintf(buf, sizeof buf, "%lld values in [%g, %g]", (long long)xs->size,
           lo, hi);
  return c->str_from_cstr(buf);
}
