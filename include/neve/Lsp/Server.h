//===- Server.h - The Neve language server's protocol -----------*- C++ -*-===//
//
// The Language Server Protocol through LLVM's LSP library: the requests and
// notifications are registered with an llvm::lsp::MessageHandler over a
// JSONTransport (whose input, Transport.h's CheckedInput, answers malformed
// messages), their parameters and results are Protocol's types, and the
// answers come from the compiler's front end (Analysis.h). Positions are in
// UTF-16 code units (Utf16.h).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LSP_SERVER_H
#define NEVE_LSP_SERVER_H

#include "neve/Lsp/Analysis.h"

#include "llvm/Support/LSP/Protocol.h"
#include "llvm/Support/LSP/Transport.h"

#include <map>
#include <memory>
#include <string>

namespace neve::lsp {

/// The parameters of a request whose parameters the server does not read
/// (initialize): any JSON.
struct AnyParams {};
inline bool fromJSON(const llvm::json::Value &, AnyParams &, llvm::json::Path) {
  return true;
}

class Server {
public:
  /// Serves on `transport`; imports resolve from the document's directory
  /// and the package search path `libsDir`.
  Server(llvm::lsp::JSONTransport &transport, std::string libsDir);

  /// Serves until `exit` or the end of the input. Returns the process's
  /// exit status: 0 after `shutdown` then `exit`, 1 for `exit` alone or an
  /// input that ended (as LSP says).
  int run();

private:
  using Reply = llvm::lsp::Callback<llvm::json::Value>;

  void onInitialize(const AnyParams &, Reply reply);
  void onShutdown(const llvm::lsp::NoParams &, Reply reply);
  void onDidOpen(const llvm::lsp::DidOpenTextDocumentParams &params);
  void onDidChange(const llvm::lsp::DidChangeTextDocumentParams &params);
  void onDidClose(const llvm::lsp::DidCloseTextDocumentParams &params);
  void onHover(const llvm::lsp::TextDocumentPositionParams &params,
               Reply reply);
  void onDefinition(const llvm::lsp::TextDocumentPositionParams &params,
                    Reply reply);
  void onDocumentSymbol(const llvm::lsp::DocumentSymbolParams &params,
                        Reply reply);
  void onCompletion(const llvm::lsp::CompletionParams &params, Reply reply);

  struct Document {
    std::string text;
    int64_t version = 0; ///< the editor's, published with the diagnostics
    std::shared_ptr<Analysis> analysis;
    /// The last analysis that type-checked (often `analysis` itself):
    /// completion uses it while the text being typed does not parse.
    std::shared_ptr<Analysis> lastChecked;
  };

  /// Analyses `text`, version `version` of the document `uri`, and
  /// publishes its diagnostics.
  void update(const llvm::lsp::URIForFile &uri, int64_t version,
              std::string text);
  Document *find(const llvm::lsp::URIForFile &uri);

  llvm::lsp::JSONTransport &transport;
  llvm::lsp::MessageHandler handler;
  llvm::lsp::OutgoingNotification<llvm::lsp::PublishDiagnosticsParams>
      publishDiagnostics;
  std::string libsDir;
  std::map<std::string, Document> docs;
  bool shutdownRequested = false;
};

/// The byte offset of an LSP position (UTF-16 character) in `text`,
/// clamped to its line.
unsigned offsetIn(const std::string &text, Position pos);

} // namespace neve::lsp

#endif // NEVE_LSP_SERVER_H
