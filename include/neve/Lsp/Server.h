//===- Server.h - The Neve language server's protocol -----------*- C++ -*-===//
//
// The Language Server Protocol over JSON-RPC, independent of the transport:
// handle() takes one message and returns the messages to send back
// (responses and notifications). tools/neve-lsp frames them on stdio.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LSP_SERVER_H
#define NEVE_LSP_SERVER_H

#include "neve/Lsp/Analysis.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace neve::lsp {

class Server {
public:
  explicit Server(std::string libsDir) : libsDir(std::move(libsDir)) {}

  /// Never throws: a message that is not a JSON-RPC request or
  /// notification gets an "invalid request" error (-32600), a request with
  /// bad params "invalid params" (-32602), one that fails otherwise
  /// "internal error" (-32603); a notification in error is logged on stderr.
  std::vector<nlohmann::json> handle(const nlohmann::json &message);
  /// A message body as received: text that is not JSON gets a parse error
  /// (-32700), anything else goes to handle().
  std::vector<nlohmann::json> handleBody(const std::string &body);

  /// Where notifications that fail are logged (stderr by default); null:
  /// nowhere (the fuzzer).
  void setLog(std::FILE *file) { log = file; }

  /// `exit` was received; the process should end with exitCode().
  bool exited() const { return hasExited; }
  /// 0 after `shutdown` then `exit`, 1 for `exit` alone (as LSP says).
  int exitCode() const { return shutdownRequested ? 0 : 1; }

private:
  struct Document {
    std::string text;
    std::shared_ptr<Analysis> analysis;
    /// The last analysis that type-checked (often `analysis` itself):
    /// completion uses it while the text being typed does not parse.
    std::shared_ptr<Analysis> lastChecked;
  };

  nlohmann::json update(const std::string &uri, std::string text);
  Document *find(const nlohmann::json &params);

  std::string libsDir;
  std::map<std::string, Document> docs;
  bool shutdownRequested = false, hasExited = false;
  std::FILE *log = stderr;
};

/// A JSON-RPC error response.
nlohmann::json errorReply(const nlohmann::json &id, int code,
                          const std::string &message);

/// file:///a/b%20c.nv -> /a/b c.nv, and back.
std::string uriToPath(const std::string &uri);
std::string pathToUri(const std::string &path);
/// The byte offset of an LSP position in `text` (clamped to its line).
unsigned offsetIn(const std::string &text, Position pos);

} // namespace neve::lsp

#endif // NEVE_LSP_SERVER_H
