//===- idx-fuzz.cpp - libFuzzer target for the IDX reader -----------------===//
//
// Feeds arbitrary bytes through the reader of idx_read
// (lib/Runtime/Frost/IdxFormat.h) behind the gzip-or-plain stream it reads
// files with (ByteSource.h). The first byte chooses how the rest is read:
// even, as a file's bytes (a plain IDX file, or gzip data, corrupt or not,
// when they start with 1f 8b); odd, gzip-compressed first, so that the IDX
// header and payload are explored behind a valid gzip stream as well.
// A crash, a sanitizer report, an allocation over libFuzzer's malloc limit
// or a broken invariant (a refusal without a reason or after allocating,
// dims whose product is not the element count) is a bug. `make test` runs
// it briefly (test/fuzz).
//
//===----------------------------------------------------------------------===//

#include "ByteSource.h"
#include "IdxFormat.h"

#include <zlib.h>

#include <cstdlib>
#include <string>
#include <vector>

using namespace neve_rt;

namespace {

std::vector<uint8_t> gzip(const std::vector<uint8_t> &in) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 16 + MAX_WBITS, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK)
    abort();
  std::vector<uint8_t> out(deflateBound(&z, uLong(in.size())));
  z.next_in = const_cast<uint8_t *>(in.data());
  z.avail_in = unsigned(in.size());
  z.next_out = out.data();
  z.avail_out = unsigned(out.size());
  if (deflate(&z, Z_FINISH) != Z_STREAM_END)
    abort();
  out.resize(out.size() - z.avail_out);
  deflateEnd(&z);
  return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  std::vector<uint8_t> bytes(data + 1, data + size);
  if (data[0] & 1)
    bytes = gzip(bytes);
  MemorySource memory(bytes.data(), bytes.size());
  MaybeGzipSource src(memory);
  int allocations = 0;
  auto allocate = [&](uint64_t n) {
    ++allocations;
    return static_cast<float *>(std::malloc(n ? n : 1));
  };
  idx::Array array;
  std::string error;
  if (!idx::readIdx(src, allocate, array, error)) {
    if (error.empty() || allocations || array.data)
      abort();
    return 0;
  }
  uint64_t count = 1;
  for (int32_t e : array.dims) {
    if (e < 0)
      abort();
    count *= uint64_t(e);
  }
  if (count != array.count || count > idx::kMaxElements || allocations != 1)
    abort();
  // Touch every element: ASan checks the buffer holds them.
  volatile float sink = 0;
  for (uint64_t i = 0; i < count; ++i)
    sink = array.data[i];
  (void)sink;
  std::free(array.data);
  return 0;
}
