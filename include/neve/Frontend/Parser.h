//===- Parser.h - Neve parser -----------------------------------*- C++ -*-===//
//
// Recursive descent for declarations and statements, precedence climbing for
// expressions (spec §1.6, §10). The parser owns its token stream; errors go to
// the DiagEngine and the parser recovers at the next line where it can.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_PARSER_H
#define NEVE_FRONTEND_PARSER_H

#include "neve/Frontend/AST.h"
#include "neve/Frontend/Diagnostics.h"
#include "neve/Frontend/Lexer.h"

#include <memory>
#include <vector>

namespace neve {

class Parser {
public:
  Parser(llvm::SourceMgr &sm, unsigned bufferID, DiagEngine &diag);

  /// Parses the whole buffer. Returns a module even when there were errors
  /// (check the DiagEngine); never crashes on bad input.
  std::unique_ptr<Module> parseModule();

private:
  // Token stream.
  const Token &tok() const { return tokens[pos]; }
  const Token &peek(unsigned n = 1) const;
  void consume() {
    if (pos + 1 < tokens.size())
      ++pos;
  }
  bool consumeIf(Tok kind);
  bool expect(Tok kind, llvm::StringRef context);
  void errorAtTok(const llvm::Twine &msg);
  /// Skips to the start of the next line at this block level.
  void recoverToLineEnd();

  // Declarations.
  std::unique_ptr<FuncDecl> parseFuncDecl();
  std::unique_ptr<FuncDecl> parseMain();
  bool parseBlock(Block &block);
  bool isTypeStart() const;
  bool parseType(TypeExpr &type);

  // Statements.
  StmtPtr parseStmt();
  StmtPtr parseSimpleStmt();
  StmtPtr parseVarDecl();
  StmtPtr parseIf();
  StmtPtr parseWhile();
  StmtPtr parseFor();

  // Expressions.
  ExprPtr parseExpr(unsigned minPrec = 0);
  ExprPtr parseUnary();
  ExprPtr parsePostfix();
  ExprPtr parsePrimary();
  bool parseArgs(std::vector<ExprPtr> &args);

  llvm::SourceMgr &sm;
  unsigned bufferID;
  DiagEngine &diag;
  std::vector<Token> tokens;
  size_t pos = 0;
};

} // namespace neve

#endif // NEVE_FRONTEND_PARSER_H
