//===- Transport.cpp - neve-lsp's input to LLVM's JSONTransport ----------===//
//
// The framing of neve-lsp's messages and their check before LLVM's
// JSONTransport sees them (Transport.h). Before, a header such as
// `Content-Length: abc` threw out of std::stoul and a length of 100 GB was
// allocated: either aborted the server. Now every framing error becomes a
// parse error reply and the server reads on; so does a body that is not
// JSON, and one that is not a JSON-RPC message (which would end LLVM's
// transport) gets "invalid request".
//
//===----------------------------------------------------------------------===//

#include "neve/Lsp/Transport.h"

#include <cctype>
#include <cstring>

using namespace neve::lsp;

bool neve::lsp::parseContentLength(const std::string &value,
                                   uint64_t &length) {
  size_t b = 0, e = value.size();
  while (b < e && (value[b] == ' ' || value[b] == '\t'))
    ++b;
  while (e > b && (value[e - 1] == ' ' || value[e - 1] == '\t'))
    --e;
  if (b == e || e - b > 19) // 19 digits always fit in 64 bits
    return false;
  uint64_t v = 0;
  for (size_t i = b; i < e; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(value[i])))
      return false;
    v = v * 10 + uint64_t(value[i] - '0');
  }
  length = v;
  return true;
}

bool MessageReader::readLine(std::string &line, bool &tooLong) {
  line.clear();
  tooLong = false;
  std::streambuf *buf = in.rdbuf();
  for (;;) {
    int c = buf->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(std::ios::eofbit);
      return !line.empty() || tooLong;
    }
    if (c == '\n')
      break;
    if (line.size() < kMaxHeaderLine)
      line += char(c);
    else
      tooLong = true;
  }
  if (!line.empty() && line.back() == '\r')
    line.pop_back();
  return true;
}

/// Where "Content-Length:" starts in `line` (any case), or npos. Not only
/// at the start: after a header that could not be used, the body that
/// followed it is read as header lines, and the next message's header may
/// come right after that body on the same line.
static size_t findLengthKey(const std::string &line) {
  static const char key[] = "content-length:";
  size_t n = sizeof key - 1;
  for (size_t i = 0; i + n <= line.size(); ++i) {
    size_t k = 0;
    while (k < n && std::tolower(static_cast<unsigned char>(line[i + k])) ==
                        key[k])
      ++k;
    if (k == n)
      return i;
  }
  return std::string::npos;
}

MessageReader::Status MessageReader::read(std::string &body,
                                          std::string &error) {
  if (pendingSkip > 0) {
    // The body of a message too large to keep: skipped, not stored.
    while (pendingSkip > 0) {
      std::streamsize chunk = std::streamsize(
          pendingSkip < (uint64_t(1) << 20) ? pendingSkip : uint64_t(1) << 20);
      in.ignore(chunk);
      if (in.gcount() != chunk)
        return Status::End;
      pendingSkip -= uint64_t(chunk);
    }
  }
  uint64_t length = 0;
  bool haveLength = false;
  std::string badHeader; // the first unusable Content-Length of this block
  std::string line;
  bool tooLong = false;
  while (readLine(line, tooLong)) {
    if (line.empty() && !tooLong) {
      if (!badHeader.empty()) {
        error = badHeader;
        return Status::Error;
      }
      if (!haveLength)
        continue; // blank lines between messages
      if (length > maxBody) {
        pendingSkip = length;
        error = "message of " + std::to_string(length) +
                " bytes is over the limit of " + std::to_string(maxBody) +
                " bytes; skipped";
        return Status::Error;
      }
      body.assign(size_t(length), '\0');
      in.read(body.data(), std::streamsize(length));
      if (in.gcount() != std::streamsize(length))
        return Status::End;
      return Status::Message;
    }
    size_t at = findLengthKey(line);
    if (at == std::string::npos)
      continue; // other fields (Content-Type), or a skipped body
    if (at > 0) { // resynchronised in the middle of a line: a new block
      haveLength = false;
      badHeader.clear();
    }
    std::string value = line.substr(at + 15);
    uint64_t v = 0;
    if (tooLong || !parseContentLength(value, v)) {
      size_t b = value.find_first_not_of(" \t");
      value = b == std::string::npos ? "" : value.substr(b);
      if (value.size() > 40)
        value = value.substr(0, 40) + "...";
      badHeader = "invalid Content-Length '" + value + "'";
      haveLength = false;
      continue;
    }
    length = v;
    haveLength = true;
    badHeader.clear();
  }
  return Status::End;
}

void CheckedInput::answer(llvm::json::Value id, llvm::lsp::ErrorCode code,
                          const std::string &message) {
  if (transport)
    transport->reply(std::move(id),
                     llvm::make_error<llvm::lsp::LSPError>(message, code));
}

/// A JSON-RPC id: a number, a string or null (§4 of JSON-RPC 2.0).
static bool validId(const llvm::json::Value &id) {
  return id.kind() == llvm::json::Value::Number ||
         id.kind() == llvm::json::Value::String ||
         id.kind() == llvm::json::Value::Null;
}

bool CheckedInput::check(const std::string &body) {
  using llvm::lsp::ErrorCode;
  llvm::Expected<llvm::json::Value> doc = llvm::json::parse(body);
  if (!doc) {
    answer(nullptr, ErrorCode::ParseError,
           "parse error: " + llvm::toString(doc.takeError()));
    return false;
  }
  // What is not a request, notification or response gets "invalid
  // request", with the id when it has a usable one; LSP has no batches,
  // so an array is invalid too.
  const llvm::json::Object *msg = doc->getAsObject();
  if (!msg) {
    answer(nullptr, ErrorCode::InvalidRequest,
           "invalid request: not an object");
    return false;
  }
  const llvm::json::Value *id = msg->get("id");
  if (id && !validId(*id)) {
    answer(nullptr, ErrorCode::InvalidRequest,
           "invalid request: an id must be a number or a string");
    return false;
  }
  llvm::json::Value replyId = id ? *id : llvm::json::Value(nullptr);
  if (msg->getString("jsonrpc") != std::optional<llvm::StringRef>("2.0")) {
    answer(replyId, ErrorCode::InvalidRequest,
           "invalid request: \"jsonrpc\" must be \"2.0\"");
    return false;
  }
  const llvm::json::Value *method = msg->get("method");
  if (!method) {
    // A response to a request of ours (the server sends none): the
    // transport logs it. Without an id it could not be matched: dropped.
    bool response = msg->get("result") || msg->get("error");
    if (response && id)
      return true;
    if (!response)
      answer(replyId, ErrorCode::InvalidRequest, "invalid request: no method");
    return false;
  }
  if (!method->getAsString()) {
    answer(replyId, ErrorCode::InvalidRequest,
           "invalid request: the method must be a string");
    return false;
  }
  return true;
}

llvm::LogicalResult CheckedInput::readStandardMessage(std::string &json) {
  std::string error;
  for (;;) {
    switch (reader.read(json, error)) {
    case MessageReader::Status::End:
      ended = true;
      return llvm::failure();
    case MessageReader::Status::Error:
      // Bad framing: JSON-RPC's parse error, without an id (none was read).
      answer(nullptr, llvm::lsp::ErrorCode::ParseError, error);
      continue;
    case MessageReader::Status::Message:
      if (check(json))
        return llvm::success();
      continue;
    }
  }
}

llvm::LogicalResult CheckedInput::readDelimitedMessage(std::string &json) {
  for (;;) {
    json.clear();
    std::string line;
    bool any = false;
    while (std::getline(in, line)) {
      llvm::StringRef trimmed = llvm::StringRef(line).trim();
      if (trimmed.starts_with("//")) {
        if (trimmed == "// -----")
          break;
        continue;
      }
      json += line;
      json += '\n';
      any |= !trimmed.empty();
    }
    if (!in)
      ended = true;
    if (!any) {
      if (ended)
        return llvm::failure();
      continue; // an empty message between two delimiters
    }
    if (check(json))
      return llvm::success();
    if (ended)
      return llvm::failure();
  }
}

bool neve::lsp::splitFramedMessages(llvm::StringRef stream,
                                    std::vector<std::string> &bodies) {
  while (!stream.empty()) {
    if (!stream.consume_front("Content-Length: "))
      return false;
    size_t eol = stream.find("\r\n\r\n");
    uint64_t length = 0;
    if (eol == llvm::StringRef::npos ||
        !parseContentLength(stream.substr(0, eol).str(), length))
      return false;
    stream = stream.drop_front(eol + 4);
    if (length > stream.size())
      return false;
    bodies.push_back(stream.substr(0, length).str());
    stream = stream.drop_front(length);
  }
  return true;
}
