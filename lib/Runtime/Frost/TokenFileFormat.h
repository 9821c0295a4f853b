//===- TokenFileFormat.h - Token files and window-order files ---*- C++ -*-===//
//
// Two little-endian binary formats of the tokenised-data pipeline
// (libs/bpe/data.nv writes token files, frost/tokens.nv reads them and
// writes window orders; bench/tokenizer/twin_reader.py reads both with
// numpy, as a PyTorch program does):
//
// Token file (the `.bin` shards of llm.c, so its tools read them too):
//   256 int32: [0] 20240520 (magic), [1] 1 (version: uint16 tokens),
//              [2] N (the number of tokens), the rest 0;
//   then N uint16 token ids. Nothing follows.
//
// Window-order file (the order in which a TokenLoader serves [B, T+1]
// windows, so that a twin program reads the same batches):
//   16 int32: [0] 0x4E564958 ("XIVN" little-endian, magic), [1] 1 (version),
//             [2] B (rows per batch), [3] T (the window is T+1 tokens),
//             [4] S (steps: batches in the file), [5] the seed,
//             [6] N (tokens of the token file), [7] W (windows per epoch),
//             the rest 0;
//   then S*B int32 token offsets: row r of batch s is the window of tokens
//   [o, o + T + 1) with o the (s*B + r)-th offset. Nothing follows.
//
// Standalone C++ (errors are returned as sentences, not raised), tested in
// test/unit/TokenFilesTest.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_RUNTIME_FROST_TOKENFILEFORMAT_H
#define NEVE_RUNTIME_FROST_TOKENFILEFORMAT_H

#include <cstdint>
#include <string>
#include <vector>

namespace neve_rt::tokens {

constexpr int32_t kTokenMagic = 20240520;
constexpr int32_t kTokenVersion = 1;
constexpr uint64_t kTokenHeaderBytes = 256 * 4;

constexpr int32_t kOrderMagic = 0x4E564958;
constexpr int32_t kOrderVersion = 1;
constexpr uint64_t kOrderHeaderBytes = 16 * 4;

/// The header of a token file of \p n tokens.
std::vector<uint8_t> tokenHeader(int32_t n);

/// Checks the first kTokenHeaderBytes of a token file (\p header) against
/// the file's size; sets \p n to its token count. On a problem returns false
/// with \p error naming it.
bool parseTokenHeader(const uint8_t *header, uint64_t fileBytes, int64_t &n,
                      std::string &error);

/// What a window-order header holds (all >= 0; B, T >= 1).
struct OrderHeader {
  int32_t batch = 0, seq = 0, steps = 0, seed = 0, tokens = 0, windows = 0;
};

/// The header of a window-order file.
std::vector<uint8_t> orderHeader(const OrderHeader &h);

/// Checks a window-order header (kOrderHeaderBytes) against the file's
/// size. On a problem returns false with \p error naming it.
bool parseOrderHeader(const uint8_t *header, uint64_t fileBytes,
                      OrderHeader &h, std::string &error);

/// Little-endian int32 at \p p.
int32_t readLE32(const uint8_t *p);
/// Appends \p v little-endian.
void appendLE32(std::vector<uint8_t> &out, int32_t v);

} // namespace neve_rt::tokens

#endif // NEVE_RUNTIME_FROST_TOKENFILEFORMAT_H
