//===- neve-lsp-fuzz.cpp - libFuzzer target for the language server -------===//
//
// Feeds arbitrary bytes to neve-lsp's final transport, as neve-lsp runs it:
// CheckedInput (the Content-Length framing and the check of every message,
// lib/Lsp/Transport.cpp) under LLVM's JSONTransport, its MessageHandler
// dispatching to the Server (lib/Lsp/Server.cpp) and the analysis of the
// documents. Any crash, uncaught exception, sanitizer report or hang is a
// bug, and so is output the client could not read: every frame the
// transport wrote must hold valid JSON. Built with clang-22
// -fsanitize=fuzzer,address,undefined by the `neve-lsp-fuzz` target;
// `make test` runs it briefly on test/fuzz/corpus/lsp
// (test/fuzz/lsp-fuzz.test).
//
// The server gets no package directory, so documents have no prelude: an
// analysis stays fast, and imports resolve only next to the document.
//
//===----------------------------------------------------------------------===//

#include "neve/Lsp/Server.h"
#include "neve/Lsp/Transport.h"

#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

using namespace neve::lsp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::lsp::Logger::setLogLevel(llvm::lsp::Logger::Level::Error);
  std::istringstream in(
      std::string(reinterpret_cast<const char *>(data), size));
  // 1 MiB: a document of 100 kB (test/fuzz/corpus/lsp/deep-50000.lsp) is
  // analysed, and announced lengths above it exercise the skipping.
  auto input = std::make_unique<CheckedInput>(
      in, llvm::lsp::JSONStreamStyle::Standard, /*maxBody=*/uint64_t(1) << 20);
  CheckedInput &checked = *input;
  std::string out;
  llvm::raw_string_ostream os(out);
  llvm::lsp::JSONTransport transport(std::move(input), os);
  checked.setTransport(transport);
  Server server(transport, "");
  server.run();
  os.flush();
  std::vector<std::string> bodies;
  if (!splitFramedMessages(out, bodies))
    abort(); // framing the client could not read
  for (const std::string &body : bodies) {
    llvm::Expected<llvm::json::Value> v = llvm::json::parse(body);
    if (!v)
      abort(); // a reply that is not JSON
  }
  return 0;
}
