// Sieve of Eratosthenes over std::vector<bool>-free byte storage: counts the
// primes below 50 000 000 and sums them. The same work as sieve.nv.
#include <cstdint>
#include <cstdio>
#include <vector>

static int64_t sieve(int limit) {
  std::vector<uint8_t> composite;
  for (int i = 0; i < limit; ++i)
    composite.push_back(false);
  int count = 0;
  int64_t sum = 0;
  for (int p = 2; p < limit; ++p) {
    if (!composite[p]) {
      count += 1;
      sum += p;
      int64_t start = int64_t(p) * p;
      if (start < limit)
        for (int m = int(start); m < limit; m += p)
          composite[m] = true;
    }
  }
  std::printf("primes below %d: %d, sum %lld\n", limit, count, (long long)sum);
  return sum;
}

int main() {
  sieve(50000000);
  return 0;
}
