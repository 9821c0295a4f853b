//===- Lexer.h - Neve lexer -------------------------------------*- C++ -*-===//
//
// Turns one source buffer into tokens, including the NEWLINE, INDENT and
// DEDENT markers of the indentation rules (spec §1.2). The lexer owns its
// position; problems go to the DiagEngine and produce an `error` token.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_LEXER_H
#define NEVE_FRONTEND_LEXER_H

#include "neve/Frontend/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <string>
#include <vector>

namespace neve {

enum class Tok {
#define TOK_MARKER(NAME) NAME,
#define TOK_LITERAL(NAME) NAME,
#define TOK_KEYWORD(SPELLING) kw_##SPELLING,
#define TOK_TYPE_KEYWORD(SPELLING) kw_##SPELLING,
#define TOK_PUNCT(NAME, SPELLING) NAME,
#include "neve/Frontend/TokenKinds.def"
  NUM_TOKENS
};

/// A short printable description of a token kind ("identifier", "'+='",
/// "'while'", "end of line", "indent", ...), for diagnostics.
llvm::StringRef describe(Tok kind);

struct Token {
  Tok kind = Tok::eof;
  /// The exact source text (empty for NEWLINE/INDENT/DEDENT/EOF). Its data
  /// pointer is the token's location.
  llvm::StringRef spelling;
  llvm::SMLoc loc;
  /// Decoded value of integer literals.
  uint64_t intValue = 0;
  /// Decoded value of float literals.
  double floatValue = 0;
  /// Decoded contents of string and character literals (escapes applied).
  std::string strValue;

  bool is(Tok k) const { return kind == k; }
  bool isNot(Tok k) const { return kind != k; }
  bool isKeyword() const;
  bool isTypeKeyword() const;
  /// The end of the token's text, for ranges.
  llvm::SMLoc endLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data() + spelling.size());
  }
};

class Lexer {
public:
  Lexer(llvm::SourceMgr &sm, unsigned bufferID, DiagEngine &diag);

  /// Returns the next token. After EOF it keeps returning EOF.
  Token lex();

  /// Lexes the whole buffer (until EOF inclusive); convenient for tests
  /// and for the parser's lookahead.
  std::vector<Token> lexAll();

  unsigned getBufferID() const { return bufferID; }

private:
  /// Queues the next token(s) into `pending`.
  void produce();
  /// At the start of a physical line outside brackets: skips blank lines and
  /// queues the INDENT/DEDENT markers of the next non-blank one.
  void startLine();
  /// Queues the final NEWLINE, the DEDENTs back to [0] and EOF.
  void finishBuffer();
  /// Skips spaces, tabs, comments, and line ends inside brackets.
  void skipTrivia();
  void skipComment();
  bool atLineEnd() const;

  Token lexToken();
  Token lexIdentifier(const char *start);
  Token lexNumber(const char *start);
  Token lexString(const char *start);
  Token lexPunct(const char *start);

  char peek(size_t offset = 0) const;
  Token formToken(Tok kind, const char *start) const;
  Token errorToken(const char *start, const char *at, const llvm::Twine &msg);

  llvm::SourceMgr &sm;
  unsigned bufferID;
  DiagEngine &diag;
  const char *curPtr;
  const char *bufEnd;
  /// The indentation stack of §1.2, starting as [0].
  llvm::SmallVector<unsigned, 8> indentStack;
  /// Markers still to be returned before lexing on (INDENT/DEDENT/NEWLINE).
  llvm::SmallVector<Token, 8> pending;
  /// Depth of unclosed ( [ { : line ends are insignificant inside.
  unsigned bracketDepth = 0;
  bool atLineStart = true;
  /// True when the last significant token ended a logical line.
  bool lastWasNewline = true;
  bool reachedEof = false;
  /// Parallel to indentStack: levels pushed only to recover from an
  /// inconsistent dedent; popping them emits no DEDENT.
  llvm::SmallVector<bool, 8> recoveryLevel;
};

} // namespace neve

#endif // NEVE_FRONTEND_LEXER_H
