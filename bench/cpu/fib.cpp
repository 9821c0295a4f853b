// Recursive Fibonacci: function calls and integer arithmetic.
// The same work as fib.nv; both print the same line.
#include <cstdio>

static int fib(int n) {
  if (n < 2)
    return n;
  return fib(n - 1) + fib(n - 2);
}

int main() {
  int n = 42;
  std::printf("fib(%d) = %d\n", n, fib(n));
  return 0;
}
