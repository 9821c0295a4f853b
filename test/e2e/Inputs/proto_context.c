/* A user library for test/e2e/proto-context.nv: foreign functions declared
 * without `sys`, which receive the calling thread's runtime context first
 * (language reference §3.8, neve_runtime.h). */

#include "neve/Runtime/neve_runtime.h"

#include <stdio.h>
#include <string.h>

/* proto int ctx_thread_id() */
int32_t ctx_thread_id(void *ctx) {
  return ((neve_thread_context *)ctx)->thread_id;
}

/* proto bool ctx_valid() : the context is the runtime's, of the right size */
bool ctx_valid(void *ctx) {
  neve_thread_context *c = (neve_thread_context *)ctx;
  return c != NULL && c->size >= (int32_t)sizeof(neve_thread_context) &&
         c->alloc != NULL && c->str_from_cstr != NULL;
}

/* proto str greet(str, int) : builds a collected str through the context */
neve_str *greet(void *ctx, const neve_str *name, int32_t times) {
  neve_thread_context *c = (neve_thread_context *)ctx;
  char buf[256];
  size_t used = 0;
  for (int32_t i = 0; i < times && used + name->size + 8 < sizeof(buf); ++i) {
    used += (size_t)snprintf(buf + used, sizeof(buf) - used, "hi %s%s",
                             name->data, i + 1 < times ? ", " : "");
  }
  buf[used] = '\0';
  return c->str_from_cstr(buf);
}

/* proto float scale_sum(array<float>, float) : reads a Neve array */
float scale_sum(void *ctx, const neve_array *xs, float k) {
  (void)ctx;
  float sum = 0;
  for (int64_t i = 0; i < xs->size; ++i)
    sum += ((const float *)xs->data)[i];
  return sum * k;
}

/* proto array<int> squares(int) : makes a Neve array in collected memory */
neve_array *squares(void *ctx, int32_t n) {
  neve_thread_context *c = (neve_thread_context *)ctx;
  neve_array *a = (neve_array *)c->alloc(sizeof(neve_array));
  int32_t *data = (int32_t *)c->alloc_atomic(n > 0 ? n * 4 : 4);
  for (int32_t i = 0; i < n; ++i)
    data[i] = i * i;
  a->data = data;
  a->size = n;
  a->capacity = n;
  a->elem_size = 4;
  a->atomic = 1;
  return a;
}

/* proto bool sys is_even(int) and proto i8 sys negate8(i8): ABI extension */
bool is_even(int32_t x) { return x % 2 == 0; }
int8_t negate8(int8_t x) { return (int8_t)-x; }
