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
#include "neve/Lsp/Transport.h"

#include <iostream>
#include <string>

static int usage() { return 0; }

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
  neve::lsp::MessageReader reader(std::cin);
  std::string body, error;
  while (!server.exited()) {
    auto status = reader.read(body, error);
    if (status == neve::lsp::MessageReader::Status::End)
      break;
    if (status == neve::lsp::MessageReader::Status::Error) {
      // Bad framing: JSON-RPC's parse error, without an id (none was read).
      neve::lsp::writeMessage(
          std::cout, neve::lsp::errorReply(nullptr, -32700, error));
      continue;
    }
    for (const nlohmann::json &out : server.handleBody(body))
      neve::lsp::writeMessage(std::cout, out);
  }
  return server.exited() ? server.exitCode() : 1;
}
