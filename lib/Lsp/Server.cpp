//===- Server.cpp - The Neve language server's protocol ------------------===//

#include "neve/Lsp/Server.h"

#include <cstdio>

using namespace neve::lsp;
using json = nlohmann::json;

std::string neve::lsp::uriToPath(const std::string &uri) {
  std::string s = uri.rfind("file://", 0) == 0 ? uri.substr(7) : uri;
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && isxdigit((unsigned char)s[i + 1]) &&
        isxdigit((unsigned char)s[i + 2])) {
      out += char(std::stoi(s.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string neve::lsp::pathToUri(const std::string &path) {
  std::string out = "file://";
  for (unsigned char c : path) {
    if (isalnum(c) || c == '/' || c == '.' || c == '_' || c == '-' || c == '~')
      out += char(c);
    else {
      char buf[4];
      snprintf(buf, sizeof buf, "%%%02X", c);
      out += buf;
    }
  }
  return out;
}

static json toJson(Position p) {
  return {{"line", p.line}, {"character", p.character}};
}
static json toJson(const Range &r) {
  return {{"start", toJson(r.start)}, {"end", toJson(r.end)}};
}
static json toJson(const Symbol &s) {
  json j = {{"name", s.name},
            {"detail", s.detail},
            {"kind", s.kind},
            {"range", toJson(s.range)},
            {"selectionRange", toJson(s.selection)}};
  if (!s.children.empty()) {
    j["children"] = json::array();
    for (const Symbol &c : s.children)
      j["children"].push_back(toJson(c));
  }
  return j;
}
unsigned neve::lsp::offsetIn(const std::string &text, Position pos) {
  unsigned off = 0;
  for (unsigned line = 0; line < pos.line && off < text.size(); ++off)
    if (text[off] == '\n')
      ++line;
  unsigned end = off;
  while (end < text.size() && text[end] != '\n')
    ++end;
  return std::min(off + pos.character, end);
}

static Position positionFrom(const json &params) {
  const json &p = params.at("position");
  return {p.at("line").get<unsigned>(), p.at("character").get<unsigned>()};
}

json Server::update(const std::string &uri, std::string text) {
  // Analysed before the document is touched: if the analysis throws, the
  // document keeps its last state instead of a null analysis.
  auto analysis = std::make_shared<Analysis>(uriToPath(uri), text, libsDir);
  Document &d = docs[uri];
  d.text = std::move(text);
  d.analysis = std::move(analysis);
  if (d.analysis->checked())
    d.lastChecked = d.analysis;
  json diagnostics = json::array();
  for (const Diag &dg : d.analysis->diagnostics())
    diagnostics.push_back({{"range", toJson(dg.range)},
                           {"severity", dg.severity},
                           {"source", "neve"},
                           {"message", dg.message}});
  return {{"jsonrpc", "2.0"},
          {"method", "textDocument/publishDiagnostics"},
          {"params", {{"uri", uri}, {"diagnostics", diagnostics}}}};
}

Server::Document *Server::find(const json &params) {
  auto it = docs.find(params.at("textDocument").at("uri").get<std::string>());
  return it == docs.end() ? nullptr : &it->second;
}

json neve::lsp::errorReply(const json &id, int code,
                          const std::string &message) {
  return {{"jsonrpc", "2.0"},
          {"id", id},
          {"error", {{"code", code}, {"message", message}}}};
}

std::vector<json> Server::handleBody(const std::string &body) {
  json msg = json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (msg.is_discarded())
    return {errorReply(nullptr, -32700, "parse error")};
  return handle(msg);
}

/// A JSON-RPC id: a number, a string or null (§4 of JSON-RPC 2.0).
static bool validId(const json &id) {
  return id.is_number() || id.is_string() || id.is_null();
}

std::vector<json> Server::handle(const json &msg) {
  std::vector<json> out;
  // What is not a request or notification gets "invalid request" (-32600),
  // with the id when it has a usable one; LSP has no batches, so an array
  // is invalid too.
  if (!msg.is_object())
    return {errorReply(nullptr, -32600, "invalid request: not an object")};
  bool isRequest = msg.contains("id");
  json id = isRequest ? msg["id"] : json();
  if (isRequest && !validId(id))
    return {errorReply(nullptr, -32600,
                       "invalid request: an id must be a number or a string")};
  if (!msg.contains("method")) {
    // A response to a request of ours: the server sends none, so it is
    // ignored.
    if (msg.contains("result") || msg.contains("error"))
      return out;
    return {errorReply(id, -32600, "invalid request: no method")};
  }
  if (!msg["method"].is_string())
    return {errorReply(id, -32600, "invalid request: the method must be a "
                                   "string")};
  std::string method = msg["method"].get<std::string>();
  json params = msg.contains("params") ? msg["params"] : json::object();
  auto reply = [&](json result) {
    out.push_back({{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}});
  };
  auto fail = [&](int code, const std::string &message) {
    out.push_back(errorReply(id, code, message));
  };
  try {
    if (method == "initialize") {
      reply({{"capabilities",
              {{"textDocumentSync", 1},
               {"hoverProvider", true},
               {"definitionProvider", true},
               {"documentSymbolProvider", true},
               {"completionProvider", {{"triggerCharacters", {"."}}}}}},
             {"serverInfo", {{"name", "neve-lsp"}}}});
    } else if (method == "initialized" || method == "$/cancelRequest" ||
               method == "workspace/didChangeConfiguration") {
    } else if (method == "shutdown") {
      shutdownRequested = true;
      reply(nullptr);
    } else if (method == "exit") {
      hasExited = true;
    } else if (method == "textDocument/didOpen") {
      const json &td = params.at("textDocument");
      out.push_back(update(td.at("uri"), td.at("text")));
    } else if (method == "textDocument/didChange") {
      // full synchronisation: the last change holds the whole text
      const json &changes = params.at("contentChanges");
      if (!changes.empty())
        out.push_back(update(params.at("textDocument").at("uri"),
                             changes.back().at("text")));
    } else if (method == "textDocument/didClose") {
      std::string uri = params.at("textDocument").at("uri");
      docs.erase(uri);
      out.push_back({{"jsonrpc", "2.0"},
                     {"method", "textDocument/publishDiagnostics"},
                     {"params", {{"uri", uri}, {"diagnostics", json::array()}}}});
    } else if (method == "textDocument/hover") {
      Document *d = find(params);
      const Occurrence *o = d ? d->analysis->at(positionFrom(params)) : nullptr;
      if (!o) {
        reply(nullptr);
      } else {
        reply({{"contents", {{"kind", "plaintext"}, {"value", o->hover}}},
               {"range", toJson(Range{d->analysis->positionOf(o->begin),
                                      d->analysis->positionOf(o->end)})}});
      }
    } else if (method == "textDocument/definition") {
      Document *d = find(params);
      const Occurrence *o = d ? d->analysis->at(positionFrom(params)) : nullptr;
      if (!o || o->definition.file.empty())
        reply(nullptr);
      else
        reply({{"uri", pathToUri(o->definition.file)},
               {"range", toJson(o->definition.range)}});
    } else if (method == "textDocument/documentSymbol") {
      Document *d = find(params);
      json syms = json::array();
      if (d)
        for (const Symbol &s : d->analysis->symbols())
          syms.push_back(toJson(s));
      reply(syms);
    } else if (method == "textDocument/completion") {
      Document *d = find(params);
      json items = json::array();
      if (d) {
        // the text being typed rarely parses ("x."): the names and types
        // come from the last analysis that type-checked, the prefix from
        // the current text
        const Analysis &a = d->lastChecked ? *d->lastChecked : *d->analysis;
        std::vector<Completion> cs =
            a.complete(d->text, offsetIn(d->text, positionFrom(params)));
        for (const Completion &c : cs)
          items.push_back(
              {{"label", c.label}, {"detail", c.detail}, {"kind", c.kind}});
      }
      reply(items);
    } else if (isRequest) {
      fail(-32601, "method not found: " + method);
    }
  } catch (const json::exception &e) {
    // Bad params of a notification have no one to tell but the log.
    if (isRequest)
      fail(-32602, std::string("invalid params: ") + e.what());
    else if (log)
      std::fprintf(log, "neve-lsp: %s ignored: %s\n", method.c_str(),
                   e.what());
  } catch (const std::exception &e) {
    if (isRequest)
      fail(-32603, std::string("internal error: ") + e.what());
    else if (log)
      std::fprintf(log, "neve-lsp: %s failed: %s\n", method.c_str(),
                   e.what());
  }
  return out;
}
