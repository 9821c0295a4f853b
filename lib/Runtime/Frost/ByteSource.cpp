//===- ByteSource.cpp - Byte streams for the dataset parsers ----*- C++ -*-===//
//
// See ByteSource.h. The gzip reader drives zlib's inflate directly (not
// gzread) so that it can read from memory as well as from a file, and so
// that whatever follows the compressed data is seen and refused.
//
//===----------------------------------------------------------------------===//

#include "ByteSource.h"

#include <cerrno>
#include <climits>
#include <cstring>

using namespace neve_rt;

int64_t ByteSource::fail(std::string message) {
  if (!failed) {
    failed = true;
    why = std::move(message);
  }
  return -1;
}

int64_t ByteSource::readFully(uint8_t *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    int64_t r = read(buf + got, n - got);
    if (r < 0)
      return -1;
    if (r == 0)
      break;
    got += size_t(r);
  }
  return int64_t(got);
}

int64_t MemorySource::read(uint8_t *buf, size_t n) {
  size_t k = size - pos < n ? size - pos : n;
  if (k)
    std::memcpy(buf, data + pos, k);
  pos += k;
  return int64_t(k);
}

int64_t FileSource::read(uint8_t *buf, size_t n) {
  if (failed)
    return -1;
  size_t k = std::fread(buf, 1, n, file);
  if (k == 0 && std::ferror(file))
    return fail(std::string("read error: ") + std::strerror(errno));
  return int64_t(k);
}

MaybeGzipSource::MaybeGzipSource(ByteSource &in) : in(in), inBuf(1 << 16) {}

MaybeGzipSource::~MaybeGzipSource() {
  if (zReady)
    inflateEnd(&z);
}

bool MaybeGzipSource::fill(size_t want) {
  if (inPos > 0) {
    std::memmove(inBuf.data(), inBuf.data() + inPos, buffered());
    inLen -= inPos;
    inPos = 0;
  }
  while (inLen < want && !inEnd) {
    int64_t r = in.read(inBuf.data() + inLen, inBuf.size() - inLen);
    if (r < 0) {
      fail(in.error());
      return false;
    }
    if (r == 0)
      inEnd = true;
    inLen += size_t(r);
  }
  return true;
}

bool MaybeGzipSource::startsMember() const {
  return buffered() >= 2 && inBuf[inPos] == 0x1f && inBuf[inPos + 1] == 0x8b;
}

int64_t MaybeGzipSource::read(uint8_t *buf, size_t n) {
  if (failed)
    return -1;
  if (mode == Mode::Unknown) {
    if (!fill(2))
      return -1;
    mode = startsMember() ? Mode::Gzip : Mode::Plain;
    if (mode == Mode::Gzip) {
      // 16 + MAX_WBITS: a gzip wrapper (header and CRC-32/ISIZE trailer).
      if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK)
        return fail("cannot start zlib's inflate");
      zReady = true;
    }
  }
  if (n == 0)
    return 0;
  if (mode == Mode::Plain) {
    if (buffered()) {
      size_t k = buffered() < n ? buffered() : n;
      std::memcpy(buf, inBuf.data() + inPos, k);
      inPos += k;
      return int64_t(k);
    }
    int64_t r = in.read(buf, n);
    return r < 0 ? fail(in.error()) : r;
  }
  return inflateSome(buf, n);
}

int64_t MaybeGzipSource::inflateSome(uint8_t *buf, size_t n) {
  if (n > UINT_MAX)
    n = UINT_MAX;
  for (;;) {
    if (memberDone) {
      // Between members: the end, another member, or trailing bytes.
      if (!fill(2))
        return -1;
      if (buffered() == 0)
        return 0;
      if (!startsMember())
        return fail("unexpected bytes after the end of the gzip data");
      if (inflateReset(&z) != Z_OK)
        return fail("cannot restart zlib's inflate");
      memberDone = false;
    }
    if (buffered() == 0 && !inEnd && !fill(1))
      return -1;
    z.next_in = inBuf.data() + inPos;
    z.avail_in = unsigned(buffered());
    z.next_out = buf;
    z.avail_out = unsigned(n);
    int r = inflate(&z, Z_NO_FLUSH);
    size_t consumed = buffered() - z.avail_in;
    size_t produced = n - z.avail_out;
    inPos += consumed;
    if (r == Z_STREAM_END) {
      memberDone = true;
      if (produced)
        return int64_t(produced);
      continue;
    }
    if (r == Z_MEM_ERROR)
      return fail("out of memory while decompressing");
    if (r != Z_OK && r != Z_BUF_ERROR)
      return fail(std::string("corrupt gzip data (") +
                  (z.msg ? z.msg : "inflate failed") + ")");
    if (produced)
      return int64_t(produced);
    if (consumed == 0) {
      // No progress: the compressed data ended before the stream did.
      if (buffered() == 0 && inEnd)
        return fail("truncated gzip data");
      if (buffered() != 0)
        return fail("corrupt gzip data (inflate made no progress)");
    }
  }
}
