//===- Transport.cpp - LSP base protocol: Content-Length framing ---------===//
//
// The framing of neve-lsp's messages (Transport.h). Before, a header such as
// `Content-Length: abc` threw out of std::stoul and a length of 100 GB was
// allocated: either aborted the server. Now every framing error becomes a
// parse error reply (neve-lsp) and the server reads on.
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

std::string neve::lsp::serialize(const nlohmann::json &message) {
  return message.dump(-1, ' ', false,
                      nlohmann::json::error_handler_t::replace);
}

void neve::lsp::writeMessage(std::ostream &out,
                             const nlohmann::json &message) {
  std::string body = serialize(message);
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}
