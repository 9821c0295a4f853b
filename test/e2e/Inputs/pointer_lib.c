/* A user library for test/e2e/pointer-*.nv and operation-*.nv: host
 * buffers (`float[]`, `int[]`), a foreign pointer type `vec_cpu` and its
 * foreign operators (language reference §3.8, §4.3). Functions declared
 * without `sys` receive the runtime context first. */

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/* proto float[] ptr_floats(int): n floats 0, 1.5, 3, ... */
float *ptr_floats(void *ctx, int32_t n) {
  (void)ctx;
  float *p = malloc(sizeof(float) * (size_t)(n > 0 ? n : 1));
  for (int32_t i = 0; i < n; ++i)
    p[i] = 1.5f * (float)i;
  return p;
}

/* proto float ptr_sum(float[], int) */
float ptr_sum(void *ctx, const float *p, int32_t n) {
  (void)ctx;
  float s = 0;
  for (int32_t i = 0; i < n; ++i)
    s += p[i];
  return s;
}

/* proto int[] ptr_ints(int): n ints 0, 10, 20, ... */
int32_t *ptr_ints(void *ctx, int32_t n) {
  (void)ctx;
  int32_t *p = malloc(sizeof(int32_t) * (size_t)(n > 0 ? n : 1));
  for (int32_t i = 0; i < n; ++i)
    p[i] = 10 * i;
  return p;
}

/* proto float[] ptr_null() */
float *ptr_null(void *ctx) {
  (void)ctx;
  return NULL;
}

typedef struct vec {
  float x, y;
} vec;

/* proto vec_cpu vec_new(float, float) */
vec *vec_new(void *ctx, float x, float y) {
  (void)ctx;
  vec *v = malloc(sizeof(vec));
  v->x = x;
  v->y = y;
  return v;
}

/* proto float vec_x(vec_cpu), proto float vec_y(vec_cpu) */
float vec_x(void *ctx, const vec *v) { (void)ctx; return v->x; }
float vec_y(void *ctx, const vec *v) { (void)ctx; return v->y; }

/* operation vec_cpu vec_cpu_vec_cpu_add */
vec *vec_cpu_vec_cpu_add(void *ctx, const vec *a, const vec *b) {
  return vec_new(ctx, a->x + b->x, a->y + b->y);
}

/* operation vec_cpu vec_cpu_float_mult */
vec *vec_cpu_float_mult(void *ctx, const vec *a, float k) {
  return vec_new(ctx, a->x * k, a->y * k);
}

/* operation bool vec_cpu_vec_cpu_minor: ctx must be non-null */
bool vec_cpu_vec_cpu_minor(void *ctx, const vec *a, const vec *b) {
  if (!ctx)
    abort();
  return a->x * a->x + a->y * a->y < b->x * b->x + b->y * b->y;
}

/* operation float[] vec_cpu_int_offby: the address of a component */
float *vec_cpu_int_offby(void *ctx, vec *v, int32_t k) {
  (void)ctx;
  return &v->x + k;
}

/* proto float_cpu ptr_host(int): a host buffer like ptr_floats */
float *ptr_host(void *ctx, int32_t n) { return ptr_floats(ctx, n); }

/* proto bf16[] ptr_bf16s(int) and proto half[] ptr_halfs(int): n zeroed
 * 2-byte elements (§4.1: bf16 and half are storage types). */
uint16_t *ptr_bf16s(void *ctx, int32_t n) {
  (void)ctx;
  return calloc((size_t)(n > 0 ? n : 1), sizeof(uint16_t));
}

uint16_t *ptr_halfs(void *ctx, int32_t n) { return ptr_bf16s(ctx, n); }

/* proto int ptr_bf16_bits(bf16[], int) and ptr_half_bits(half[], int): the
 * raw bits of element i, to check the encoding the compiler stores. */
int32_t ptr_bf16_bits(void *ctx, const uint16_t *p, int32_t i) {
  (void)ctx;
  return p[i];
}

int32_t ptr_half_bits(void *ctx, const uint16_t *p, int32_t i) {
  return ptr_bf16_bits(ctx, p, i);
}
