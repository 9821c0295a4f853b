//===- neve-lsp-fuzz.cpp - libFuzzer target for the language server -------===//
//
// Feeds arbitrary bytes to neve-lsp's loop: the Content-Length framing
// (MessageReader), then every message through Server::handleBody and its
// analysis of the documents, and serialises each reply as neve-lsp writes
// it. Any crash, uncaught exception, sanitizer report or hang is a bug, and
// so is a reply that is not valid JSON. Built with clang-22
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

#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

using namespace neve::lsp;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::istringstream in(
      std::string(reinterpret_cast<const char *>(data), size));
  // 1 MiB: a document of 100 kB (test/fuzz/corpus/lsp/deep-50000.lsp) is
  // analysed, and announced lengths above it exercise the skipping.
  MessageReader reader(in, /*maxBody=*/uint64_t(1) << 20);
  Server server("");
  server.setLog(nullptr); // a log line per bad notification is only noise
  std::ostringstream sink;
  auto send = [&](const nlohmann::json &message) {
    std::string text = serialize(message);
    if (!nlohmann::json::accept(text))
      abort(); // a reply the client could not read
    writeMessage(sink, message);
  };
  std::string body, error;
  for (int messages = 0; messages < 64 && !server.exited(); ++messages) {
    MessageReader::Status status = reader.read(body, error);
    if (status == MessageReader::Status::End)
      break;
    if (status == MessageReader::Status::Error) {
      send(errorReply(nullptr, -32700, error));
      continue;
    }
    for (const nlohmann::json &out : server.handleBody(body))
      send(out);
  }
  return 0;
}
