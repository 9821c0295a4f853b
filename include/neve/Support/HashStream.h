//===- HashStream.h - Hash what is printed, without keeping it --*- C++ -*-===//
//
// The caches key compiled code by the SHA-256 of printed IR (a kernel's
// gpu.module, the libraries' LLVM module), which can be megabytes: this
// stream feeds the hash as the printer writes, holding nothing.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_SUPPORT_HASHSTREAM_H
#define NEVE_SUPPORT_HASHSTREAM_H

#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

namespace neve {

class HashStream : public llvm::raw_ostream {
public:
  explicit HashStream(llvm::SHA256 &hash) : hash(hash) { SetUnbuffered(); }

private:
  void write_impl(const char *p, size_t n) override {
    hash.update(llvm::StringRef(p, n));
    pos += n;
  }
  uint64_t current_pos() const override { return pos; }

  llvm::SHA256 &hash;
  uint64_t pos = 0;
};

} // namespace neve

#endif // NEVE_SUPPORT_HASHSTREAM_H
