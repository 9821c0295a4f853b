//===- Transport.h - neve-lsp's input to LLVM's JSONTransport --*- C++ -*-===//
//
// neve-lsp speaks through LLVM's LSP library (llvm/Support/LSP:
// JSONTransport and its MessageHandler, Protocol's types); this is its
// input. The base protocol on a stream: a header
// block (`Content-Length: N`, other fields ignored, an empty line), then N
// bytes of JSON. The reader never trusts the peer: a length that is not a
// number is reported and the reader finds the next header; a length over
// the limit is reported and its body skipped without being stored; a header
// line is read at most kMaxHeaderLine bytes at a time.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LSP_TRANSPORT_H
#define NEVE_LSP_TRANSPORT_H

#include "llvm/Support/LSP/Transport.h"

#include <cstddef>
#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

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

/// The input of llvm::lsp::JSONTransport for neve-lsp: LLVM's transport
/// ends the server on a message that is not a JSON-RPC object (a body that
/// is not JSON is only logged, a bad Content-Length silently skipped), so
/// every message is read and checked here first. Bad framing and text that
/// is not JSON get a parse error (-32700); JSON that is not a JSON-RPC
/// request, notification or response gets "invalid request" (-32600), with
/// the message's id when it has a usable one; the replies go out through
/// the transport, and only well-formed messages reach it.
///
/// Two styles, as the library has them: Standard (the base protocol's
/// Content-Length framing, read by MessageReader rather than the library's
/// JSONTransportInputOverFile, which drops a message with a bad length
/// without a word, cannot find the next header after one, and allocates up
/// to 1 GiB for a length announced but never sent) and Delimited (for lit
/// tests, `neve-lsp --lit-test`: messages separated by `// -----` lines,
/// other lines starting with `//` ignored).
class CheckedInput : public llvm::lsp::JSONTransportInput {
public:
  explicit CheckedInput(std::istream &in,
                        llvm::lsp::JSONStreamStyle style =
                            llvm::lsp::JSONStreamStyle::Standard,
                        uint64_t maxBody = MessageReader::kDefaultMaxBody)
      : JSONTransportInput(style), in(in), reader(in, maxBody) {}

  /// The transport that answers malformed messages; set before it runs.
  void setTransport(llvm::lsp::JSONTransport &t) { transport = &t; }

  bool hasError() const final { return false; } // a read error ends the input
  bool isEndOfInput() const final { return ended; }
  llvm::LogicalResult readStandardMessage(std::string &json) final;
  llvm::LogicalResult readDelimitedMessage(std::string &json) final;

private:
  /// Whether `body` may go to the transport; if not, it was answered.
  bool check(const std::string &body);
  void answer(llvm::json::Value id, llvm::lsp::ErrorCode code,
              const std::string &message);

  std::istream &in;
  MessageReader reader;
  llvm::lsp::JSONTransport *transport = nullptr;
  bool ended = false;
};

/// The bodies of the Content-Length framed messages in `stream` (what the
/// transport wrote), in order; false if the framing is broken.
bool splitFramedMessages(llvm::StringRef stream,
                         std::vector<std::string> &bodies);

} // namespace neve::lsp

#endif // NEVE_LSP_TRANSPORT_H
