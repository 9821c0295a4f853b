//===- ByteSource.h - Byte streams for the dataset parsers ------*- C++ -*-===//
//
// A forward-only stream of bytes, so the parsers of Frost's file formats
// (IdxFormat.h) read a file, a memory buffer (the fuzzers) or gzip data
// decompressed on the way through one interface, and stop reading as soon
// as the data contradicts its header: nothing is read or allocated up
// front. Standalone C++ over zlib (no runtime calls), so the fuzzers
// (tools/neve-fuzz-formats) compile it with clang.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_FROST_BYTESOURCE_H
#define NEVE_RUNTIME_FROST_BYTESOURCE_H

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace neve_rt {

class ByteSource {
public:
  virtual ~ByteSource() = default;
  /// Reads up to \p n bytes into \p buf: their count, 0 at the end, -1 on
  /// an error (error() then says why; later reads fail the same way).
  virtual int64_t read(uint8_t *buf, size_t n) = 0;
  /// Reads until \p n bytes are in or the data ends: the count, or -1.
  int64_t readFully(uint8_t *buf, size_t n);
  const std::string &error() const { return why; }

protected:
  int64_t fail(std::string message);
  bool failed = false;

private:
  std::string why;
};

/// The bytes of a buffer the caller keeps alive.
class MemorySource final : public ByteSource {
public:
  MemorySource(const uint8_t *data, size_t size) : data(data), size(size) {}
  int64_t read(uint8_t *buf, size_t n) override;

private:
  const uint8_t *data;
  size_t size, pos = 0;
};

/// The rest of an open file (not closed here).
class FileSource final : public ByteSource {
public:
  explicit FileSource(FILE *file) : file(file) {}
  int64_t read(uint8_t *buf, size_t n) override;

private:
  FILE *file;
};

/// Decompresses \p in when it starts with the gzip magic (1f 8b), as zlib's
/// gzread does: one or more gzip members, each checked (CRC and length);
/// bytes after the last member that do not start another one are an error
/// (gzread ignores them). Other input passes through unchanged.
class MaybeGzipSource final : public ByteSource {
public:
  explicit MaybeGzipSource(ByteSource &in);
  ~MaybeGzipSource() override;
  MaybeGzipSource(const MaybeGzipSource &) = delete;
  MaybeGzipSource &operator=(const MaybeGzipSource &) = delete;
  int64_t read(uint8_t *buf, size_t n) override;
  /// Known after the first read.
  bool isGzip() const { return mode == Mode::Gzip; }

private:
  enum class Mode { Unknown, Plain, Gzip };
  /// Moves the unread input to the front and reads more (until at least
  /// \p want bytes are buffered or the input ends); false on an error.
  bool fill(size_t want);
  size_t buffered() const { return inLen - inPos; }
  bool startsMember() const;
  int64_t inflateSome(uint8_t *buf, size_t n);

  ByteSource &in;
  std::vector<uint8_t> inBuf;
  size_t inPos = 0, inLen = 0;
  bool inEnd = false;
  Mode mode = Mode::Unknown;
  z_stream z{};
  bool zReady = false, memberDone = false;
};

} // namespace neve_rt

#endif // NEVE_RUNTIME_FROST_BYTESOURCE_H
