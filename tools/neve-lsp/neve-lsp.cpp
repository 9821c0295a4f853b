//===- neve-lsp.cpp - The Neve language server ---------------------------===//
//
// Speaks the Language Server Protocol on stdin/stdout (Content-Length
// framed JSON-RPC): diagnostics as you type, hover, go-to-definition,
// document symbols and completion, from the compiler's own front end
// (lib/Lsp). Packages ($NEVE_LIBS, e.g. frost) are found as neve-translate
// finds them. Logs go to stderr.
//
//   neve-lsp            (started by the editor; editors/ has the set-ups)
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/ModuleLoader.h"
#include "neve/Lsp/Server.h"

#include <cstdio>
#include <iostream>
#include <string>

static int usage() { return 0; }

/// Reads one framed message body; false at the end of input.
static bool readMessage(std::string &body) {
  size_t length = 0;
  bool haveLength = false;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty()) {
      if (!haveLength)
        continue;
      body.assign(length, '\0');
      std::cin.read(body.data(), std::streamsize(length));
      return std::cin.gcount() == std::streamsize(length);
    }
    static const std::string key = "Content-Length:";
    if (line.compare(0, key.size(), key) == 0) {
      length = std::stoul(line.substr(key.size()));
      haveLength = true;
    }
  }
  return false;
}

static void writeMessage(const nlohmann::json &msg) {
  std::string body = msg.dump();
  std::cout << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  std::cout.flush();
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h") {
      std::cout << "neve-lsp: the Neve language server (LSP on stdio)\n";
      return usage();
    }
    if (a == "--version") {
      std::cout << "neve-lsp 0.1\n";
      return 0;
    }
    // editors pass --stdio; it is the only transport
  }
  std::ios::sync_with_stdio(false);
  neve::lsp::Server server(neve::defaultLibsDir(argv[0], (void *)&usage));
  std::string body;
  while (!server.exited() && readMessage(body)) {
    nlohmann::json msg = nlohmann::json::parse(body, nullptr, false);
    if (msg.is_discarded()) {
      writeMessage({{"jsonrpc", "2.0"},
                    {"id", nullptr},
                    {"error", {{"code", -32700}, {"message", "parse error"}}}});
      continue;
    }
    for (const nlohmann::json &out : server.handle(msg))
      writeMessage(out);
  }
  return server.exited() ? server.exitCode() : 1;
}
