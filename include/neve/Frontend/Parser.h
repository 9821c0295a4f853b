//===- Parser.h - Neve parser -----------------------------------*- C++ -*-===//
//
// Recursive descent for declarations and statements, precedence climbing for
// expressions (spec §1.6, §10). The parser owns its token stream; errors go to
// the DiagEngine and the parser recovers at the next line where it can.
//
// The implementation is split by topic:
//   Parser.cpp     token stream, recovery, the top level
//   ParseDecl.cpp  imports, classes, functions, protos, operations, params
//   ParseType.cpp  types and the declaration lookahead
//   ParseStmt.cpp  statements and blocks
//   ParseExpr.cpp  expressions
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_PARSER_H
#define NEVE_FRONTEND_PARSER_H

#include "neve/Frontend/AST.h"
#include "neve/Frontend/Diagnostics.h"
#include "neve/Frontend/Lexer.h"

#include <memory>
#include <string>
#include <vector>

namespace neve {

class Parser {
public:
  Parser(llvm::SourceMgr &sm, unsigned bufferID, DiagEngine &diag);

  /// Parses the whole buffer. Returns a module even when there were errors
  /// (check the DiagEngine); never crashes on bad input.
  std::unique_ptr<Module> parseModule();

private:
  //===--------------------------------------------------------------------===//
  // Token stream (Parser.cpp)
  //===--------------------------------------------------------------------===//

  const Token &tok() const { return tokens[pos]; }
  const Token &peek(unsigned n = 1) const;
  /// The token at absolute index `i` (clamped to EOF).
  const Token &at(size_t i) const;
  void consume() {
    if (pos + 1 < tokens.size())
      ++pos;
  }
  bool consumeIf(Tok kind);
  /// The end of the last token consumed that has text (for ranges).
  llvm::SMLoc prevEnd() const;
  /// Gives `e` the range from `begin` to the end of the last token
  /// consumed; returns `e`.
  ExprPtr withRange(ExprPtr e, llvm::SMLoc begin) const {
    if (e)
      e->setRange(llvm::SMRange(begin, prevEnd()));
    return e;
  }
  /// Consumes `kind` or reports "expected KIND CONTEXT, found X".
  bool expect(Tok kind, llvm::StringRef context);
  void errorAtTok(const llvm::Twine &msg);
  /// "identifier", "'+='", "reserved word 'spawn'": the token for messages.
  static std::string describeTok(const Token &t);
  bool isIdent(llvm::StringRef name) const {
    return tok().is(Tok::identifier) && tok().spelling == name;
  }
  /// Skips the rest of the logical line and any block nested under it.
  void recoverToLineEnd();
  /// The index of the NEWLINE (or EOF) that ends the logical line holding
  /// token `i`.
  size_t lineEnd(size_t i) const;
  /// Given the index of a '(' '[' or '{', the index of its matching closer,
  /// or npos when the line ends first.
  size_t matchingClose(size_t open) const;

  /// Guards recursion depth so that deeply nested input cannot overflow the
  /// stack; reports once and makes the caller fail.
  class DepthGuard {
  public:
    DepthGuard(Parser &p) : p(p) { ++p.depth; }
    ~DepthGuard() { --p.depth; }
    /// False (after reporting) when the nesting is too deep.
    bool ok();

  private:
    Parser &p;
  };

  //===--------------------------------------------------------------------===//
  // Declarations (ParseDecl.cpp)
  //===--------------------------------------------------------------------===//

  std::unique_ptr<ImportDecl> parseImport();
  std::unique_ptr<ClassDecl> parseClass();
  /// `def`, `gpu` or `kernel` at top level (`kind` Def, Gpu or Kernel), or
  /// `def` inside a class (`cls` set, kind Method).
  std::unique_ptr<FuncDecl> parseFunction(FuncKind kind, ClassDecl *cls);
  /// `@role("NAME")` lines, then the `def` they decorate (§3.10); `cls`
  /// set inside a class body. The current token is '@'.
  std::unique_ptr<FuncDecl> parseDecorated(ClassDecl *cls);
  std::unique_ptr<FuncDecl> parseCtor(ClassDecl *cls);
  std::unique_ptr<FuncDecl> parseProto();
  std::unique_ptr<FuncDecl> parseOperation();
  std::unique_ptr<FuncDecl> parseMain();
  /// `(params)` of a def/gpu/kernel/method/ctor; the current token is '('.
  bool parseParams(FuncDecl &fn);
  std::unique_ptr<VarDecl> parseParam();
  /// `<int N, int M>` after the parameter list.
  bool parseCtimeParams(FuncDecl &fn);
  /// The header line of a declaration is broken: report nothing more, skip
  /// the line and the block under it.
  std::nullptr_t abandonDecl();

  //===--------------------------------------------------------------------===//
  // Types (ParseType.cpp)
  //===--------------------------------------------------------------------===//

  /// A keyword that is a scalar type (int i8 i16 i64 char float bf16 half
  /// bool): conversions, type tags and `T[]` start with one.
  static bool isScalarTypeKeyword(Tok kind);
  /// Whether the token can start a type (a type keyword, `layout` or an
  /// identifier).
  static bool canStartType(const Token &t);
  /// Parses a type; `context` completes "expected a type CONTEXT".
  bool parseType(TypeExpr &type, llvm::StringRef context = "");
  /// `T {, T}`: the type arguments of tuple<...> and Function<...>.
  bool parseTypeList(std::vector<TypeExpr> &list);
  /// Skips a type starting at token index `i` without reporting anything;
  /// returns false when the tokens do not form a type.
  bool skipType(size_t &i) const;
  /// The disambiguation rule of §10: does the statement at the current token
  /// start with a declaration?
  bool isDeclarationStart() const;

  //===--------------------------------------------------------------------===//
  // Statements (ParseStmt.cpp)
  //===--------------------------------------------------------------------===//

  /// NEWLINE INDENT stmt {stmt} DEDENT.
  bool parseBlock(Block &block);
  /// The statements of a block up to its DEDENT (the INDENT is consumed).
  void parseBlockBody(Block &block);
  StmtPtr parseStmt();
  /// A simple statement without its NEWLINE.
  StmtPtr parseSimpleStmt();
  StmtPtr parseDeclaration();
  StmtPtr parseReturn();
  StmtPtr parseIf();
  StmtPtr parseWhile();
  StmtPtr parseFor();
  StmtPtr parseMultiLoop();
  StmtPtr parseFinish();
  StmtPtr parseLock();
  StmtPtr parseAsync();
  StmtPtr parseAsyncs();
  StmtPtr parseLaunch();
  /// The body of `async`/`asyncs`: a block, or one simple statement that
  /// starts with a name, `self` or `$`.
  bool parseAsyncBody(Block &body, bool &isInline, llvm::StringRef keyword);
  /// Ends a simple statement: NEWLINE, else an error and recovery.
  bool expectStmtEnd();
  /// `[e, …]` of a launch.
  bool parseLaunchDims(std::vector<ExprPtr> &dims, llvm::StringRef what);
  /// Does the kernel call of a launch start at the current token?
  bool atLaunchKernelCall() const;

  //===--------------------------------------------------------------------===//
  // Expressions (ParseExpr.cpp)
  //===--------------------------------------------------------------------===//

  /// An expression; one deeper than kMaxExprDepth is refused (and freed
  /// without recursion), so no walker of the AST can overflow its stack.
  ExprPtr parseExpr();
  /// Binary operators of levels 5-12 (`minPrec` numbers them from 1 for
  /// or/xor up to 8 for the multiplicative level).
  ExprPtr parseBinary(unsigned minPrec);
  /// Level 4: `e reduce +`, `e scan *`.
  ExprPtr parseFold();
  /// Level 3: `a @ b`.
  ExprPtr parseMatMul();
  /// Level 2: `-x`, `!x`, `not x`.
  ExprPtr parseUnary();
  /// Level 1: calls, members, indexing, selectors.
  ExprPtr parsePostfix();
  ExprPtr parsePrimary();
  ExprPtr parseListLit();
  ExprPtr parseMapLit();
  ExprPtr parseNew();
  ExprPtr parseLayoutNew();
  /// `(args)`: the current token is '('.
  bool parseArgs(std::vector<Arg> &args, llvm::StringRef context);
  /// `<INT, …>` after a call's ')': consumed only when the whole pattern
  /// is there.
  bool parseCtimeArgs(std::vector<int64_t> &ctime);
  /// If the tokens from `lessPos` are `< INT {, INT} >`, the index after the
  /// `>`; otherwise 0.
  size_t matchCtimeArgs(size_t lessPos) const;
  /// `[items]` after an expression.
  ExprPtr parseIndex(ExprPtr base);
  /// `{…}` and `{…}(…)` after an expression.
  ExprPtr parseSelect(ExprPtr base);
  /// `e, e, …` up to `close`, which is consumed.
  bool parseExprList(std::vector<ExprPtr> &out, Tok close,
                     llvm::StringRef context);

  llvm::SourceMgr &sm;
  unsigned bufferID;
  DiagEngine &diag;
  std::vector<Token> tokens;
  size_t pos = 0;
  unsigned depth = 0;
  bool reportedDepth = false;
  /// parseExpr calls in progress (the outermost checks the depth).
  unsigned exprNesting = 0;
};

} // namespace neve

#endif // NEVE_FRONTEND_PARSER_H
