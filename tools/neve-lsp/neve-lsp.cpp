//===- neve-lsp.cpp - The Neve language server ---------------------------===//
//
// Speaks the Language Server Protocol on stdin/stdout through LLVM's LSP
// library (JSONTransport, Protocol): diagnostics as you type, hover,
// go-to-definition, document symbols and completion, from the compiler's
// own front end (lib/Lsp). Malformed messages get an error reply and the
// server goes on (lib/Lsp/Transport.cpp). Packages ($NEVE_LIBS, e.g. frost)
// are found as neve-translate finds them. Logs go to stderr.
//
//   neve-lsp              (started by the editor; editors/ has the set-ups)
//   neve-lsp --lit-test   messages separated by `// -----` lines, replies
//                         pretty-printed: for lit tests (test/Lsp)
//   neve-lsp --log=LEVEL  error (default), info or debug, on stderr
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/ModuleLoader.h"
#include "neve/Lsp/Server.h"
#include "neve/Lsp/Transport.h"
#include "neve/Support/ToolVersion.h"

#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>
#include <string>

static int usage() {
  llvm::outs()
      << "usage: neve-lsp [--lit-test] [--log=error|info|debug] [--version]\n"
         "  the Neve language server (LSP on stdio)\n";
  return 0;
}

int main(int argc, char **argv) {
  bool litTest = false;
  auto level = llvm::lsp::Logger::Level::Error;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-h")
      return usage();
    if (a == "--version") {
      neve::printToolVersion(llvm::outs(), "neve-lsp");
      return 0;
    }
    if (a == "--lit-test") {
      litTest = true;
    } else if (a == "--log=error") {
      level = llvm::lsp::Logger::Level::Error;
    } else if (a == "--log=info") {
      level = llvm::lsp::Logger::Level::Info;
    } else if (a == "--log=debug") {
      level = llvm::lsp::Logger::Level::Debug;
    } else if (a == "--stdio") {
      // editors pass it; stdio is the only transport
    } else {
      // Clients add options of their own (--clientProcessId=N): a server
      // that refused them would not start in that editor.
      llvm::errs() << "neve-lsp: ignoring unknown option '" << a << "'\n";
    }
  }
  llvm::lsp::Logger::setLogLevel(level);
  std::ios::sync_with_stdio(false);
  auto input = std::make_unique<neve::lsp::CheckedInput>(
      std::cin, litTest ? llvm::lsp::JSONStreamStyle::Delimited
                        : llvm::lsp::JSONStreamStyle::Standard);
  neve::lsp::CheckedInput &in = *input;
  llvm::lsp::JSONTransport transport(std::move(input), llvm::outs(),
                                     /*PrettyOutput=*/litTest);
  in.setTransport(transport);
  neve::lsp::Server server(transport,
                           neve::defaultLibsDir(argv[0], (void *)&usage));
  return server.run();
}
