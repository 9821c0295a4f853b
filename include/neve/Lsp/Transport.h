//===- Transport.h - LSP base protocol: Content-Length framing --*- C++ -*-===//
//
// The base protocol of the Language Server Protocol on a stream: a header
// block (`Content-Length: N`, other fields ignored, an empty line), then N
// bytes of JSON. The reader never trusts the peer: a length that is not a
// number is reported and the reader finds the next header; a length over
// the limit is reported and its body skipped without being stored; a header
// line is read at most kMaxHeaderLine bytes at a time.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LSP_TRANSPORT_H
#define NEVE_LSP_TRANSPORT_H

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <istream>
#include <ostream>
#include <string>

namespace neve::lsp {

class MessageReader {
public:
  /// The largest body stored (64 MiB by default); a longer one is skipped.
  static constexpr uint64_t kDefaultMaxBody = uint64_t(64) << 20;
  static constexpr size_t kMaxHeaderLine = 4096;

  explicit MessageReader(std::istream &in, uint64_t maxBody = kDefaultMaxBody)
      : in(in), maxBody(maxBody) {}

  enum class Status {
    Message, ///< `body` holds the next message
    Error,   ///< bad framing, `error` says what; call read() again
    End      ///< the input ended (a body cut short counts as the end)
  };
  Status read(std::string &body, std::string &error);

private:
  /// The next header line without its line end; false at the end of input.
  /// A longer line is cut at kMaxHeaderLine bytes (the rest discarded) and
  /// `tooLong` is set.
  bool readLine(std::string &line, bool &tooLong);

  std::istream &in;
  uint64_t maxBody;
  uint64_t pendingSkip = 0; ///< body bytes of a rejected message still unread
};

/// The value of a Content-Length field (the text after the colon): its
/// digits with optional blanks around them, at most 19 digits. False for
/// anything else ("abc", "-5", "", "1e3", 20 digits).
bool parseContentLength(const std::string &value, uint64_t &length);

/// The JSON text of a message; invalid UTF-8 in its strings (a path decoded
/// from `%FF`, a byte of a source file) becomes U+FFFD instead of throwing.
std::string serialize(const nlohmann::json &message);

/// Writes one framed message and flushes.
void writeMessage(std::ostream &out, const nlohmann::json &message);

} // namespace neve::lsp

#endif // NEVE_LSP_TRANSPORT_H
