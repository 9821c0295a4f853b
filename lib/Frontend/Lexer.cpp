//===- Lexer.cpp - Neve lexer -----------------------------------*- C++ -*-===//
//
// Implements spec §1: identifiers, keywords, literals, maximal-munch
// operators, comments, and the NEWLINE/INDENT/DEDENT markers of the
// indentation rules. Every read is bounded by `bufEnd`, so any byte sequence
// (embedded NULs, invalid UTF-8, truncated literals) lexes without crashing.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Lexer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>

using namespace neve;
using llvm::SMLoc;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Token kinds
//===----------------------------------------------------------------------===//

StringRef neve::describe(Tok kind) {
  switch (kind) {
  case Tok::eof:
    return "end of file";
  case Tok::error:
    return "invalid token";
  case Tok::newline:
    return "end of line";
  case Tok::indent:
    return "indentation";
  case Tok::dedent:
    return "dedent";
  case Tok::identifier:
    return "identifier";
  case Tok::integer:
    return "integer literal";
  case Tok::floating:
    return "floating-point literal";
  case Tok::string:
    return "string literal";
  case Tok::character:
    return "character literal";
  case Tok::reserved:
    return "reserved word";
#define TOK_KEYWORD(SPELLING)                                                  \
  case Tok::kw_##SPELLING:                                                     \
    return "'" #SPELLING "'";
#define TOK_TYPE_KEYWORD(SPELLING) TOK_KEYWORD(SPELLING)
#define TOK_PUNCT(NAME, SPELLING)                                              \
  case Tok::NAME:                                                              \
    return "'" SPELLING "'";
#include "neve/Frontend/TokenKinds.def"
  case Tok::NUM_TOKENS:
    break;
  }
  return "unknown token";
}

bool Token::isKeyword() const {
  switch (kind) {
#define TOK_KEYWORD(SPELLING) case Tok::kw_##SPELLING:
#include "neve/Frontend/TokenKinds.def"
    return true;
  default:
    return false;
  }
}

bool Token::isTypeKeyword() const {
  switch (kind) {
#define TOK_TYPE_KEYWORD(SPELLING) case Tok::kw_##SPELLING:
#include "neve/Frontend/TokenKinds.def"
    return true;
  default:
    return false;
  }
}

/// Renders a byte for a diagnostic: itself if printable, else `\xNN`, so that
/// messages stay valid ASCII whatever the input.
static std::string printable(char c) {
  if (llvm::isPrint(c))
    return std::string(1, c);
  std::string s = "\\x";
  s += llvm::hexdigit(static_cast<unsigned char>(c) >> 4);
  s += llvm::hexdigit(static_cast<unsigned char>(c) & 0xF);
  return s;
}

static bool isIdentStart(char c) { return llvm::isAlpha(c) || c == '_'; }
static bool isIdentBody(char c) { return llvm::isAlnum(c) || c == '_'; }

//===----------------------------------------------------------------------===//
// Lexer driver
//===----------------------------------------------------------------------===//

Lexer::Lexer(llvm::SourceMgr &sm, unsigned bufferID, DiagEngine &diag)
    : sm(sm), bufferID(bufferID), diag(diag) {
  StringRef buffer = sm.getMemoryBuffer(bufferID)->getBuffer();
  curPtr = buffer.begin();
  bufEnd = buffer.end();
  // A UTF-8 byte order mark is an encoding marker, not source text.
  if (buffer.starts_with("\xEF\xBB\xBF"))
    curPtr += 3;
  indentStack.push_back(0);
  recoveryLevel.push_back(false);
}

char Lexer::peek(size_t offset) const {
  return static_cast<size_t>(bufEnd - curPtr) > offset ? curPtr[offset] : 0;
}

Token Lexer::formToken(Tok kind, const char *start) const {
  Token tok;
  tok.kind = kind;
  tok.spelling = StringRef(start, curPtr - start);
  tok.loc = SMLoc::getFromPointer(start);
  return tok;
}

/// Builds a marker token (empty spelling) located at `at`.
static Token makeMarker(Tok kind, const char *at) {
  Token tok;
  tok.kind = kind;
  tok.spelling = StringRef(at, 0);
  tok.loc = SMLoc::getFromPointer(at);
  return tok;
}

Token Lexer::errorToken(const char *start, const char *at,
                        const llvm::Twine &msg) {
  diag.error(SMLoc::getFromPointer(at), msg);
  return formToken(Tok::error, start);
}

Token Lexer::lex() {
  while (pending.empty())
    produce();
  Token tok = pending.front();
  // EOF stays queued, so that lexing past the end keeps returning it.
  if (tok.isNot(Tok::eof))
    pending.erase(pending.begin());
  return tok;
}

std::vector<Token> Lexer::lexAll() {
  std::vector<Token> tokens;
  do
    tokens.push_back(lex());
  while (tokens.back().isNot(Tok::eof));
  return tokens;
}

bool Lexer::atLineEnd() const {
  return curPtr < bufEnd &&
         (*curPtr == '\n' || (*curPtr == '\r' && peek(1) == '\n'));
}

void Lexer::skipComment() {
  while (curPtr < bufEnd && !atLineEnd())
    ++curPtr;
}

void Lexer::skipTrivia() {
  while (curPtr < bufEnd) {
    char c = *curPtr;
    if (c == ' ' || c == '\t') {
      ++curPtr;
    } else if (c == '#') {
      skipComment();
    } else if (bracketDepth > 0 && atLineEnd()) {
      // Inside brackets, line ends (and the next indentation) do not count.
      curPtr += c == '\r' ? 2 : 1;
    } else {
      return;
    }
  }
}

void Lexer::produce() {
  if (atLineStart && bracketDepth == 0) {
    startLine();
    if (!pending.empty())
      return;
  }
  skipTrivia();
  if (curPtr >= bufEnd) {
    finishBuffer();
    return;
  }
  if (atLineEnd()) {
    // Outside brackets (skipTrivia ate the others): ends the logical line.
    pending.push_back(makeMarker(Tok::newline, curPtr));
    curPtr += *curPtr == '\r' ? 2 : 1;
    atLineStart = true;
    lastWasNewline = true;
    return;
  }
  pending.push_back(lexToken());
  lastWasNewline = false;
}

void Lexer::startLine() {
  unsigned width = 0;
  while (true) {
    width = 0;
    while (curPtr < bufEnd && (*curPtr == ' ' || *curPtr == '\t')) {
      // Saturate rather than wrap on absurdly long indentation.
      unsigned step = *curPtr == '\t' ? 4 : 1;
      width = width > UINT_MAX - step ? UINT_MAX : width + step;
      ++curPtr;
    }
    if (curPtr < bufEnd && *curPtr == '#')
      skipComment();
    if (curPtr >= bufEnd)
      return; // Blank up to EOF: finishBuffer() takes over.
    if (!atLineEnd())
      break;
    curPtr += *curPtr == '\r' ? 2 : 1; // A blank line: ignored.
  }

  atLineStart = false;
  if (width > indentStack.back()) {
    indentStack.push_back(width);
    recoveryLevel.push_back(false);
    pending.push_back(makeMarker(Tok::indent, curPtr));
    return;
  }
  while (indentStack.back() > width) {
    indentStack.pop_back();
    bool silent = recoveryLevel.pop_back_val();
    if (!silent)
      pending.push_back(makeMarker(Tok::dedent, curPtr));
  }
  if (indentStack.back() != width) {
    // Report it, then carry on as if this width had been the level we
    // dedented to: later lines at this width are consistent with it, and
    // leaving it emits no DEDENT since no INDENT opened it.
    diag.error(SMLoc::getFromPointer(curPtr), "inconsistent dedent");
    pending.push_back(makeMarker(Tok::error, curPtr));
    indentStack.push_back(width);
    recoveryLevel.push_back(true);
  }
}

void Lexer::finishBuffer() {
  curPtr = bufEnd;
  if (!lastWasNewline)
    pending.push_back(makeMarker(Tok::newline, bufEnd));
  lastWasNewline = true;
  while (indentStack.size() > 1) {
    indentStack.pop_back();
    if (!recoveryLevel.pop_back_val())
      pending.push_back(makeMarker(Tok::dedent, bufEnd));
  }
  pending.push_back(makeMarker(Tok::eof, bufEnd));
  reachedEof = true;
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

Token Lexer::lexToken() {
  const char *start = curPtr;
  char c = *curPtr;
  if (isIdentStart(c))
    return lexIdentifier(start);
  if (llvm::isDigit(c))
    return lexNumber(start);
  if (c == '"' || c == '\'')
    return lexString(start);
  if (static_cast<unsigned char>(c) >= 0x80) {
    // Consume one UTF-8 sequence (lead byte and continuation bytes).
    ++curPtr;
    for (int i = 0; i < 3 && curPtr < bufEnd &&
                    (static_cast<unsigned char>(*curPtr) & 0xC0) == 0x80;
         ++i)
      ++curPtr;
    return errorToken(start, start,
                      "non-ASCII character outside a comment or literal");
  }
  return lexPunct(start);
}

Token Lexer::lexIdentifier(const char *start) {
  while (curPtr < bufEnd && isIdentBody(*curPtr))
    ++curPtr;
  StringRef name(start, curPtr - start);
  Tok kind = llvm::StringSwitch<Tok>(name)
#define TOK_KEYWORD(SPELLING) .Case(#SPELLING, Tok::kw_##SPELLING)
#define TOK_TYPE_KEYWORD(SPELLING) .Case(#SPELLING, Tok::kw_##SPELLING)
#include "neve/Frontend/TokenKinds.def"
                 .Case("as", Tok::reserved)
                 .Case("binary", Tok::reserved)
                 .Case("extern", Tok::reserved)
                 .Case("filter", Tok::reserved)
                 .Case("global", Tok::reserved)
                 .Case("lut_hi", Tok::reserved)
                 .Case("lut_lo", Tok::reserved)
                 .Case("mapit", Tok::reserved)
                 .Case("no_grad", Tok::reserved)
                 .Case("spawn", Tok::reserved)
                 .Case("then", Tok::reserved)
                 .Case("unary", Tok::reserved)
                 .Case("unlock", Tok::reserved)
                 .Default(Tok::identifier);
  return formToken(kind, start);
}

Token Lexer::lexNumber(const char *start) {
  bool isFloat = false;
  bool isHex = false;
  if (*curPtr == '0' && peek(1) == 'x') {
    isHex = true;
    curPtr += 2;
    while (curPtr < bufEnd && llvm::isHexDigit(*curPtr))
      ++curPtr;
  } else {
    while (curPtr < bufEnd && llvm::isDigit(*curPtr))
      ++curPtr;
    // A float needs digits on both sides of the point: `0..n`, `1.` and
    // `x.0.m` keep their periods.
    if (peek() == '.' && llvm::isDigit(peek(1))) {
      isFloat = true;
      curPtr += 1;
      while (curPtr < bufEnd && llvm::isDigit(*curPtr))
        ++curPtr;
    }
    // Exponent: `e`, an optional sign, digits.
    if (peek() == 'e') {
      size_t digitsAt = (peek(1) == '+' || peek(1) == '-') ? 2 : 1;
      if (llvm::isDigit(peek(digitsAt))) {
        isFloat = true;
        curPtr += digitsAt;
        while (curPtr < bufEnd && llvm::isDigit(*curPtr))
          ++curPtr;
      }
    }
  }

  // A literal running straight into a name (`12ab`, `0x`, `1E5`) is one bad
  // token, not two good ones.
  if (curPtr < bufEnd && isIdentBody(*curPtr)) {
    const char *suffix = curPtr;
    while (curPtr < bufEnd && isIdentBody(*curPtr))
      ++curPtr;
    return errorToken(start, suffix,
                      "invalid suffix '" + StringRef(suffix, curPtr - suffix) +
                          "' on numeric literal");
  }
  if (isHex && curPtr - start == 2)
    return errorToken(start, start, "expected hexadecimal digits after '0x'");

  Token tok = formToken(isFloat ? Tok::floating : Tok::integer, start);
  if (isFloat) {
    std::string text = tok.spelling.str();
    errno = 0;
    tok.floatValue = std::strtod(text.c_str(), nullptr);
    if (errno == ERANGE && std::isinf(tok.floatValue))
      return errorToken(start, start, "floating-point literal is too large");
    return tok;
  }
  StringRef digits = isHex ? tok.spelling.drop_front(2) : tok.spelling;
  if (digits.getAsInteger(isHex ? 16 : 10, tok.intValue))
    return errorToken(start, start, "integer literal is too large");
  return tok;
}

Token Lexer::lexString(const char *start) {
  char quote = *curPtr++;
  std::string value;
  bool bad = false;
  while (true) {
    if (curPtr >= bufEnd || atLineEnd())
      return errorToken(start, start, "unterminated string literal");
    char c = *curPtr;
    if (c == quote) {
      ++curPtr;
      break;
    }
    if (c != '\\') {
      value += c;
      ++curPtr;
      continue;
    }
    // An escape. A backslash right before the line end leaves the literal
    // unterminated (reported on the next iteration).
    ++curPtr;
    if (curPtr >= bufEnd || atLineEnd())
      continue;
    char e = *curPtr;
    switch (e) {
    case 'n':
      value += '\n';
      break;
    case 't':
      value += '\t';
      break;
    case 'r':
      value += '\r';
      break;
    case '0':
      value += '\0';
      break;
    case '\\':
    case '"':
    case '\'':
      value += e;
      break;
    default:
      diag.error(SMLoc::getFromPointer(curPtr - 1),
                 "unknown escape '\\" + printable(e) + "' in literal");
      bad = true;
      break;
    }
    ++curPtr;
  }
  if (bad)
    return formToken(Tok::error, start);
  // One character (one byte, after escapes) in single quotes is a `char`.
  bool isChar = quote == '\'' && value.size() == 1;
  Token tok = formToken(isChar ? Tok::character : Tok::string, start);
  tok.strValue = std::move(value);
  return tok;
}

Token Lexer::lexPunct(const char *start) {
  char c = *curPtr++;
  // Takes the two-character form when the next byte is `second`.
  auto pick = [&](char second, Tok two, Tok one) {
    if (curPtr < bufEnd && *curPtr == second) {
      ++curPtr;
      return two;
    }
    return one;
  };
  Tok kind;
  switch (c) {
  case '(':
  case '[':
  case '{':
    ++bracketDepth;
    kind = c == '(' ? Tok::l_paren : c == '[' ? Tok::l_square : Tok::l_brace;
    break;
  case ')':
  case ']':
  case '}':
    // Unbalanced closers are the parser's business; just don't underflow.
    if (bracketDepth > 0)
      --bracketDepth;
    kind = c == ')' ? Tok::r_paren : c == ']' ? Tok::r_square : Tok::r_brace;
    break;
  case ',':
    kind = Tok::comma;
    break;
  case ':':
    kind = Tok::colon;
    break;
  case '$':
    kind = Tok::dollar;
    break;
  case '%':
    kind = Tok::percent;
    break;
  case '@':
    kind = Tok::at;
    break;
  case '.':
    kind = pick('.', Tok::dotdot, Tok::period);
    break;
  case '=':
    kind = pick('=', Tok::equalequal, Tok::equal);
    break;
  case '+':
    kind = pick('=', Tok::plusequal, Tok::plus);
    break;
  case '-':
    kind = pick('=', Tok::minusequal, Tok::minus);
    break;
  case '*':
    kind = pick('=', Tok::starequal, Tok::star);
    break;
  case '!':
    kind = pick('=', Tok::notequal, Tok::bang);
    break;
  case '>':
    kind = pick('=', Tok::greaterequal, Tok::greater);
    break;
  case '|':
    kind = pick('>', Tok::shr, Tok::pipe);
    break;
  case '/':
    kind = pick('/', Tok::slashslash, Tok::slash);
    if (kind == Tok::slash)
      kind = pick('=', Tok::slashequal, Tok::slash);
    if (kind == Tok::slash)
      kind = pick('|', Tok::slashpipe, Tok::slash);
    break;
  case '<':
    kind = pick('-', Tok::larrow, Tok::less);
    if (kind == Tok::less)
      kind = pick('=', Tok::lessequal, Tok::less);
    if (kind == Tok::less)
      kind = pick('|', Tok::shl, Tok::less);
    break;
  default:
    return errorToken(start, start,
                      "unexpected character '" + printable(c) + "'");
  }
  return formToken(kind, start);
}
