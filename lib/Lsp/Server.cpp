//===- Server.cpp - The Neve language server's protocol ------------------===//
//
// Every handler answers, whatever happens in the analysis: an exception
// (the front end is built with them) becomes "internal error" for a
// request and a log line for a notification, since LLVM's transport, built
// without exceptions, must never see one.
//
//===----------------------------------------------------------------------===//

#include "neve/Lsp/Server.h"
#include "neve/Lsp/Utf16.h"

#include "llvm/Support/LSP/Logging.h"

#include <exception>

using namespace neve::lsp;
namespace llsp = llvm::lsp;
namespace json = llvm::json;

namespace {

/// Text as JSON may carry it: invalid UTF-8 (a path decoded from `%FF`, a
/// byte of a source file) becomes U+FFFD.
std::string utf8(std::string s) {
  return json::isUTF8(s) ? s : json::fixUTF8(s);
}

llsp::Position toLsp(Position p) {
  return llsp::Position(int(p.line), int(p.character));
}
llsp::Range toLsp(const Range &r) {
  return llsp::Range(toLsp(r.start), toLsp(r.end));
}
Position fromLsp(const llsp::Position &p) {
  return {unsigned(std::max(p.line, 0)), unsigned(std::max(p.character, 0))};
}

llsp::DocumentSymbol toLsp(const Symbol &s) {
  llsp::DocumentSymbol out(utf8(s.name), llsp::SymbolKind(s.kind),
                          toLsp(s.range), toLsp(s.selection));
  out.detail = utf8(s.detail);
  for (const Symbol &c : s.children)
    out.children.push_back(toLsp(c));
  return out;
}

llsp::Diagnostic toLsp(const Diag &d) {
  llsp::Diagnostic out;
  out.range = toLsp(d.range);
  out.severity = llsp::DiagnosticSeverity(d.severity);
  out.source = "neve";
  out.message = utf8(d.message);
  return out;
}

llvm::Error internalError(const std::exception &e) {
  return llvm::make_error<llsp::LSPError>(
      std::string("internal error: ") + utf8(e.what()),
      llsp::ErrorCode::InternalError);
}

} // namespace

unsigned neve::lsp::offsetIn(const std::string &text, Position pos) {
  size_t off = 0;
  for (unsigned line = 0; line < pos.line && off < text.size(); ++off)
    if (text[off] == '\n')
      ++line;
  size_t end = text.find('\n', off);
  if (end == std::string::npos)
    end = text.size();
  return unsigned(off + byteOffsetOfUtf16(
                            llvm::StringRef(text).slice(off, end),
                            pos.character));
}

Server::Server(llsp::JSONTransport &transport, std::string libsDir)
    : transport(transport), handler(transport),
      publishDiagnostics(
          handler.outgoingNotification<llsp::PublishDiagnosticsParams>(
              "textDocument/publishDiagnostics")),
      libsDir(std::move(libsDir)) {
  handler.method("initialize", this, &Server::onInitialize);
  handler.method("shutdown", this, &Server::onShutdown);
  handler.notification("textDocument/didOpen", this, &Server::onDidOpen);
  handler.notification("textDocument/didChange", this, &Server::onDidChange);
  handler.notification("textDocument/didClose", this, &Server::onDidClose);
  handler.method("textDocument/hover", this, &Server::onHover);
  handler.method("textDocument/definition", this, &Server::onDefinition);
  handler.method("textDocument/documentSymbol", this,
                 &Server::onDocumentSymbol);
  handler.method("textDocument/completion", this, &Server::onCompletion);
}

int Server::run() {
  // `exit` ends the transport's loop with success; the end of the input
  // with an error.
  llvm::Error ended = transport.run(handler);
  bool exited = !ended;
  llvm::consumeError(std::move(ended));
  return exited && shutdownRequested ? 0 : 1;
}

void Server::onInitialize(const AnyParams &, Reply reply) {
  json::Object capabilities{
      {"textDocumentSync", int(llsp::TextDocumentSyncKind::Full)},
      {"hoverProvider", true},
      {"definitionProvider", true},
      {"documentSymbolProvider", true},
      {"completionProvider",
       json::Object{{"triggerCharacters", json::Array{"."}}}},
      // UTF-16, the protocol's default: said explicitly
      {"positionEncoding", "utf-16"},
  };
  reply(json::Object{{"capabilities", std::move(capabilities)},
                     {"serverInfo", json::Object{{"name", "neve-lsp"}}}});
}

void Server::onShutdown(const llsp::NoParams &, Reply reply) {
  shutdownRequested = true;
  reply(nullptr);
}

void Server::update(const llsp::URIForFile &uri, int64_t version,
                    std::string text) {
  std::shared_ptr<Analysis> analysis;
  try {
    // Analysed before the document is touched: if the analysis throws, the
    // document keeps its last state instead of a null analysis.
    analysis = std::make_shared<Analysis>(uri.file().str(), text, libsDir);
  } catch (const std::exception &e) {
    llsp::Logger::error("neve-lsp: analysing {0} failed: {1}", uri.file(),
                       e.what());
    return;
  }
  Document &d = docs[uri.uri().str()];
  d.text = std::move(text);
  d.version = version;
  d.analysis = std::move(analysis);
  if (d.analysis->checked())
    d.lastChecked = d.analysis;
  llsp::PublishDiagnosticsParams params(uri, version);
  for (const Diag &dg : d.analysis->diagnostics())
    params.diagnostics.push_back(toLsp(dg));
  publishDiagnostics(params);
}

Server::Document *Server::find(const llsp::URIForFile &uri) {
  auto it = docs.find(uri.uri().str());
  return it == docs.end() ? nullptr : &it->second;
}

void Server::onDidOpen(const llsp::DidOpenTextDocumentParams &params) {
  update(params.textDocument.uri, params.textDocument.version,
         params.textDocument.text);
}

void Server::onDidChange(const llsp::DidChangeTextDocumentParams &params) {
  // full synchronisation: the last change holds the whole text
  if (!params.contentChanges.empty())
    update(params.textDocument.uri, params.textDocument.version,
           params.contentChanges.back().text);
}

void Server::onDidClose(const llsp::DidCloseTextDocumentParams &params) {
  auto it = docs.find(params.textDocument.uri.uri().str());
  int64_t version = it == docs.end() ? 0 : it->second.version;
  if (it != docs.end())
    docs.erase(it);
  publishDiagnostics(
      llsp::PublishDiagnosticsParams(params.textDocument.uri, version));
}

void Server::onHover(const llsp::TextDocumentPositionParams &params,
                     Reply reply) {
  try {
    Document *d = find(params.textDocument.uri);
    const Occurrence *o =
        d ? d->analysis->at(fromLsp(params.position)) : nullptr;
    if (!o)
      return reply(nullptr);
    llsp::Hover hover(toLsp(Range{d->analysis->positionOf(o->begin),
                                 d->analysis->positionOf(o->end)}));
    hover.contents = {llsp::MarkupKind::PlainText, utf8(o->hover)};
    reply(toJSON(hover));
  } catch (const std::exception &e) {
    reply(internalError(e));
  }
}

void Server::onDefinition(const llsp::TextDocumentPositionParams &params,
                          Reply reply) {
  try {
    Document *d = find(params.textDocument.uri);
    const Occurrence *o =
        d ? d->analysis->at(fromLsp(params.position)) : nullptr;
    if (!o || o->definition.file.empty())
      return reply(nullptr);
    llvm::Expected<llsp::URIForFile> uri =
        llsp::URIForFile::fromFile(o->definition.file);
    if (!uri) {
      llvm::consumeError(uri.takeError());
      return reply(nullptr);
    }
    llsp::Location loc;
    loc.uri = *uri;
    loc.range = toLsp(o->definition.range);
    reply(toJSON(loc));
  } catch (const std::exception &e) {
    reply(internalError(e));
  }
}

void Server::onDocumentSymbol(const llsp::DocumentSymbolParams &params,
                              Reply reply) {
  json::Array syms;
  if (Document *d = find(params.textDocument.uri))
    for (const Symbol &s : d->analysis->symbols())
      syms.push_back(toJSON(toLsp(s)));
  reply(std::move(syms));
}

void Server::onCompletion(const llsp::CompletionParams &params, Reply reply) {
  try {
    json::Array items;
    if (Document *d = find(params.textDocument.uri)) {
      // the text being typed rarely parses ("x."): the names and types come
      // from the last analysis that type-checked, the prefix from the
      // current text
      const Analysis &a = d->lastChecked ? *d->lastChecked : *d->analysis;
      for (const Completion &c :
           a.complete(d->text, offsetIn(d->text, fromLsp(params.position)))) {
        llsp::CompletionItem item;
        item.label = utf8(c.label);
        item.kind = llsp::CompletionItemKind(c.kind);
        item.detail = utf8(c.detail);
        items.push_back(toJSON(item));
      }
    }
    reply(std::move(items));
  } catch (const std::exception &e) {
    reply(internalError(e));
  }
}
