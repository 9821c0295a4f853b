//===- Parser.cpp - Neve parser -------------------------------------------===//
//
// Declarations and statements by recursive descent; binary expressions by
// precedence climbing over the levels of spec §1.6.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Parser.h"

#include "llvm/ADT/StringSwitch.h"

using namespace neve;
using llvm::SMLoc;

Parser::Parser(llvm::SourceMgr &sm, unsigned bufferID, DiagEngine &diag)
    : sm(sm), bufferID(bufferID), diag(diag) {
  Lexer lexer(sm, bufferID, diag);
  tokens = lexer.lexAll();
  if (tokens.empty() || tokens.back().isNot(Tok::eof))
    tokens.push_back(Token{});
}

const Token &Parser::peek(unsigned n) const {
  return tokens[std::min(pos + n, tokens.size() - 1)];
}

bool Parser::consumeIf(Tok kind) {
  if (tok().isNot(kind))
    return false;
  consume();
  return true;
}

void Parser::errorAtTok(const llvm::Twine &msg) {
  // Lexer errors were reported already; don't pile on.
  if (tok().is(Tok::error))
    return;
  diag.error(tok().loc, msg);
}

bool Parser::expect(Tok kind, llvm::StringRef context) {
  if (consumeIf(kind))
    return true;
  errorAtTok("expected " + describe(kind) + " " + context + ", found " +
             describe(tok().kind));
  return false;
}

void Parser::recoverToLineEnd() {
  // Skip the rest of the logical line, then any block nested under it.
  while (tok().isNot(Tok::newline) && tok().isNot(Tok::eof) &&
         tok().isNot(Tok::dedent))
    consume();
  consumeIf(Tok::newline);
  if (tok().is(Tok::indent)) {
    unsigned depth = 0;
    do {
      if (tok().is(Tok::indent))
        ++depth;
      else if (tok().is(Tok::dedent))
        --depth;
      consume();
    } while (depth > 0 && tok().isNot(Tok::eof));
  }
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseModule() {
  auto module = std::make_unique<Module>();
  module->fileName =
      sm.getMemoryBuffer(bufferID)->getBufferIdentifier().str();
  while (tok().isNot(Tok::eof) && !diag.reachedLimit()) {
    switch (tok().kind) {
    case Tok::kw_def:
      if (auto fn = parseFuncDecl())
        module->funcs.push_back(std::move(fn));
      break;
    case Tok::kw_main: {
      SMLoc loc = tok().loc;
      if (auto fn = parseMain()) {
        if (module->main) {
          diag.error(loc, "a program has only one 'main' block");
          diag.note(module->main->loc, "previous 'main' is here");
        } else {
          module->main = fn.get();
          module->funcs.push_back(std::move(fn));
        }
      }
      break;
    }
    case Tok::newline:
      consume();
      break;
    case Tok::indent:
      errorAtTok("unexpected indentation");
      recoverToLineEnd();
      break;
    case Tok::dedent:
      consume();
      break;
    case Tok::kw_class:
    case Tok::kw_import:
    case Tok::kw_gpu:
    case Tok::kw_kernel:
    case Tok::kw_proto:
    case Tok::kw_operation:
      errorAtTok("'" + tok().spelling + "' declarations are not supported yet");
      recoverToLineEnd();
      break;
    default:
      errorAtTok("expected a declaration ('def', 'main', ...) at top level, "
                 "found " +
                 describe(tok().kind) +
                 "; loose statements belong in 'main' or a function");
      recoverToLineEnd();
      break;
    }
  }
  return module;
}

bool Parser::isTypeStart() const {
  switch (tok().kind) {
  case Tok::kw_int:
  case Tok::kw_i8:
  case Tok::kw_i16:
  case Tok::kw_i64:
  case Tok::kw_char:
  case Tok::kw_float:
  case Tok::kw_bool:
  case Tok::kw_str:
  case Tok::kw_void:
    return true;
  default:
    return false;
  }
}

bool Parser::parseType(TypeExpr &type) {
  if (!isTypeStart()) {
    if (tok().isTypeKeyword())
      errorAtTok("type '" + tok().spelling + "' is not supported yet");
    else
      errorAtTok("expected a type, found " + describe(tok().kind));
    return false;
  }
  type.loc = tok().loc;
  type.name = tok().spelling.str();
  consume();
  return true;
}

std::unique_ptr<FuncDecl> Parser::parseFuncDecl() {
  consume(); // def
  TypeExpr ret;
  if (!parseType(ret)) {
    recoverToLineEnd();
    return nullptr;
  }
  if (tok().isNot(Tok::identifier)) {
    errorAtTok("expected a function name, found " + describe(tok().kind));
    recoverToLineEnd();
    return nullptr;
  }
  auto fn = std::make_unique<FuncDecl>(tok().loc, tok().spelling.str());
  fn->returnTypeExpr = ret;
  consume();
  if (!expect(Tok::l_paren, "after the function name")) {
    recoverToLineEnd();
    return nullptr;
  }
  if (tok().isNot(Tok::r_paren)) {
    do {
      TypeExpr ptype;
      if (!parseType(ptype) || tok().isNot(Tok::identifier)) {
        if (ptype.name.size())
          errorAtTok("expected a parameter name, found " +
                     describe(tok().kind));
        recoverToLineEnd();
        return nullptr;
      }
      auto param = std::make_unique<VarDecl>(tok().loc, tok().spelling.str());
      param->typeExpr = std::make_unique<TypeExpr>(ptype);
      consume();
      fn->params.push_back(std::move(param));
    } while (consumeIf(Tok::comma));
  }
  if (!expect(Tok::r_paren, "after the parameters")) {
    recoverToLineEnd();
    return nullptr;
  }
  if (!parseBlock(fn->body))
    return nullptr;
  return fn;
}

std::unique_ptr<FuncDecl> Parser::parseMain() {
  auto fn = std::make_unique<FuncDecl>(tok().loc, "main");
  fn->kind = FuncKind::Main;
  fn->returnTypeExpr.name = "void";
  fn->returnTypeExpr.loc = tok().loc;
  consume();
  if (!parseBlock(fn->body))
    return nullptr;
  return fn;
}

bool Parser::parseBlock(Block &block) {
  if (tok().isNot(Tok::newline)) {
    errorAtTok("expected the end of the line before an indented block, "
               "found " +
               describe(tok().kind));
    recoverToLineEnd();
    return false;
  }
  consume();
  if (tok().isNot(Tok::indent)) {
    errorAtTok("expected an indented block");
    return false;
  }
  consume();
  while (tok().isNot(Tok::dedent) && tok().isNot(Tok::eof)) {
    if (tok().is(Tok::indent)) {
      errorAtTok("unexpected indentation");
      recoverToLineEnd();
      continue;
    }
    if (StmtPtr s = parseStmt())
      block.push_back(std::move(s));
    if (diag.reachedLimit())
      return false;
  }
  consumeIf(Tok::dedent);
  return true;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

StmtPtr Parser::parseStmt() {
  switch (tok().kind) {
  case Tok::kw_if:
    return parseIf();
  case Tok::kw_while:
    return parseWhile();
  case Tok::kw_for:
    return parseFor();
  case Tok::kw_else:
    // An 'else' not directly after an 'if' block (often: indented deeper
    // than its 'if'). Skip it and its block.
    errorAtTok("'else' without a matching 'if' at the same indentation");
    recoverToLineEnd();
    return nullptr;
  default:
    break;
  }
  StmtPtr s = parseSimpleStmt();
  if (!s) {
    recoverToLineEnd();
    return nullptr;
  }
  if (tok().isNot(Tok::newline)) {
    errorAtTok("expected the end of the statement, found " +
               describe(tok().kind));
    recoverToLineEnd();
    return nullptr;
  }
  consume();
  return s;
}

StmtPtr Parser::parseSimpleStmt() {
  SMLoc loc = tok().loc;
  switch (tok().kind) {
  case Tok::kw_var:
    return parseVarDecl();
  case Tok::kw_return: {
    consume();
    ExprPtr value;
    if (tok().isNot(Tok::newline)) {
      value = parseExpr();
      if (!value)
        return nullptr;
    }
    return std::make_unique<ReturnStmt>(loc, std::move(value));
  }
  case Tok::kw_break:
    consume();
    return std::make_unique<BreakStmt>(loc);
  case Tok::kw_continue:
    consume();
    return std::make_unique<ContinueStmt>(loc);
  default:
    break;
  }
  // A type keyword followed by an identifier starts a declaration (§10).
  // Followed by anything but '(' (a conversion), it can only be a broken
  // declaration: say so rather than "not supported in expressions".
  if (isTypeStart() && peek().isNot(Tok::l_paren))
    return parseVarDecl();

  ExprPtr lhs = parseExpr();
  if (!lhs)
    return nullptr;
  std::optional<BinaryOp> compound;
  switch (tok().kind) {
  case Tok::equal:
    break;
  case Tok::plusequal:
    compound = BinaryOp::Add;
    break;
  case Tok::minusequal:
    compound = BinaryOp::Sub;
    break;
  case Tok::starequal:
    compound = BinaryOp::Mul;
    break;
  case Tok::slashequal:
    compound = BinaryOp::Div;
    break;
  default:
    return std::make_unique<ExprStmt>(loc, std::move(lhs));
  }
  SMLoc opLoc = tok().loc;
  consume();
  ExprPtr rhs = parseExpr();
  if (!rhs)
    return nullptr;
  std::vector<ExprPtr> targets;
  targets.push_back(std::move(lhs));
  return std::make_unique<AssignStmt>(opLoc, std::move(targets), std::move(rhs),
                                      compound);
}

StmtPtr Parser::parseVarDecl() {
  auto stmt = std::make_unique<VarDeclStmt>(tok().loc);
  std::unique_ptr<TypeExpr> type;
  if (!consumeIf(Tok::kw_var)) {
    type = std::make_unique<TypeExpr>();
    if (!parseType(*type))
      return nullptr;
  }
  do {
    if (tok().isNot(Tok::identifier)) {
      errorAtTok("expected a variable name, found " + describe(tok().kind));
      return nullptr;
    }
    auto var = std::make_unique<VarDecl>(tok().loc, tok().spelling.str());
    consume();
    if (type)
      var->typeExpr = std::make_unique<TypeExpr>(*type);
    if (consumeIf(Tok::equal)) {
      var->init = parseExpr();
      if (!var->init)
        return nullptr;
    } else if (!type) {
      diag.error(var->loc, "'var' needs an initializer to take its type from");
      return nullptr;
    }
    stmt->vars.push_back(std::move(var));
  } while (consumeIf(Tok::comma));
  return stmt;
}

StmtPtr Parser::parseIf() {
  SMLoc loc = tok().loc;
  consume();
  ExprPtr cond = parseExpr();
  if (!cond) {
    recoverToLineEnd();
    return nullptr;
  }
  auto stmt = std::make_unique<IfStmt>(loc, std::move(cond));
  if (!parseBlock(stmt->thenBody))
    return nullptr;
  if (tok().is(Tok::kw_else)) {
    consume();
    stmt->hasElse = true;
    if (tok().is(Tok::kw_if)) {
      errorAtTok("'else if' is not Neve: put the 'if' in its own block under "
                 "'else'");
      recoverToLineEnd();
      return nullptr;
    }
    if (!parseBlock(stmt->elseBody))
      return nullptr;
  }
  return stmt;
}

StmtPtr Parser::parseWhile() {
  SMLoc loc = tok().loc;
  consume();
  ExprPtr cond = parseExpr();
  if (!cond) {
    recoverToLineEnd();
    return nullptr;
  }
  auto stmt = std::make_unique<WhileStmt>(loc, std::move(cond));
  if (!parseBlock(stmt->body))
    return nullptr;
  return stmt;
}

StmtPtr Parser::parseFor() {
  auto stmt = std::make_unique<ForStmt>(tok().loc);
  consume();
  if (tok().isNot(Tok::identifier)) {
    errorAtTok("expected the loop variable after 'for', found " +
               describe(tok().kind));
    recoverToLineEnd();
    return nullptr;
  }
  stmt->var = std::make_unique<VarDecl>(tok().loc, tok().spelling.str());
  stmt->var->isReadOnly = true;
  consume();
  if (tok().is(Tok::kw_in)) {
    errorAtTok("'for ... in' loops are not supported yet");
    recoverToLineEnd();
    return nullptr;
  }
  bool ok = expect(Tok::equal, "after the loop variable") &&
            (stmt->var->init = parseExpr()) &&
            expect(Tok::comma, "after the loop start") &&
            (stmt->cond = parseExpr());
  if (ok && consumeIf(Tok::comma))
    ok = (stmt->step = parseExpr()) != nullptr;
  if (!ok) {
    recoverToLineEnd();
    return nullptr;
  }
  if (!parseBlock(stmt->body))
    return nullptr;
  return stmt;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

namespace {
struct BinOpInfo {
  BinaryOp op;
  unsigned prec; // higher binds tighter
};
} // namespace

/// Binary operators and their levels (spec §1.6: level 12 is 1 here, ...,
/// level 5 is 8).
static std::optional<BinOpInfo> binaryOpInfo(Tok kind) {
  switch (kind) {
  case Tok::kw_or:
    return BinOpInfo{BinaryOp::Or, 1};
  case Tok::kw_xor:
    return BinOpInfo{BinaryOp::Xor, 1};
  case Tok::kw_and:
    return BinOpInfo{BinaryOp::And, 2};
  case Tok::equalequal:
    return BinOpInfo{BinaryOp::Eq, 3};
  case Tok::notequal:
    return BinOpInfo{BinaryOp::Ne, 3};
  case Tok::less:
    return BinOpInfo{BinaryOp::Lt, 3};
  case Tok::greater:
    return BinOpInfo{BinaryOp::Gt, 3};
  case Tok::lessequal:
    return BinOpInfo{BinaryOp::Le, 3};
  case Tok::greaterequal:
    return BinOpInfo{BinaryOp::Ge, 3};
  case Tok::pipe:
    return BinOpInfo{BinaryOp::BitOr, 5};
  case Tok::shl:
    return BinOpInfo{BinaryOp::Shl, 6};
  case Tok::shr:
    return BinOpInfo{BinaryOp::Shr, 6};
  case Tok::plus:
    return BinOpInfo{BinaryOp::Add, 7};
  case Tok::minus:
    return BinOpInfo{BinaryOp::Sub, 7};
  case Tok::star:
    return BinOpInfo{BinaryOp::Mul, 8};
  case Tok::slash:
    return BinOpInfo{BinaryOp::Div, 8};
  case Tok::slashslash:
    return BinOpInfo{BinaryOp::FloorDiv, 8};
  case Tok::slashpipe:
    return BinOpInfo{BinaryOp::CeilDiv, 8};
  case Tok::percent:
    return BinOpInfo{BinaryOp::Mod, 8};
  default:
    return std::nullopt;
  }
}

static bool isComparison(BinaryOp op) {
  return op == BinaryOp::Eq || op == BinaryOp::Ne || op == BinaryOp::Lt ||
         op == BinaryOp::Gt || op == BinaryOp::Le || op == BinaryOp::Ge;
}

ExprPtr Parser::parseExpr(unsigned minPrec) {
  ExprPtr lhs = parseUnary();
  if (!lhs)
    return nullptr;
  while (true) {
    auto info = binaryOpInfo(tok().kind);
    if (!info || info->prec < minPrec)
      return lhs;
    SMLoc opLoc = tok().loc;
    consume();
    ExprPtr rhs = parseExpr(info->prec + 1);
    if (!rhs)
      return nullptr;
    lhs = std::make_unique<BinaryExpr>(opLoc, info->op, std::move(lhs),
                                       std::move(rhs));
    // Comparisons do not associate (§1.6): `a < b < c` is an error.
    if (isComparison(info->op)) {
      if (auto next = binaryOpInfo(tok().kind);
          next && isComparison(next->op)) {
        errorAtTok("comparisons do not chain; combine them with 'and'");
        return nullptr;
      }
    }
  }
}

ExprPtr Parser::parseUnary() {
  SMLoc loc = tok().loc;
  if (consumeIf(Tok::minus)) {
    ExprPtr operand = parseUnary();
    return operand ? std::make_unique<UnaryExpr>(loc, UnaryOp::Neg,
                                                 std::move(operand))
                   : nullptr;
  }
  if (consumeIf(Tok::bang) || consumeIf(Tok::kw_not)) {
    ExprPtr operand = parseUnary();
    return operand ? std::make_unique<UnaryExpr>(loc, UnaryOp::Not,
                                                 std::move(operand))
                   : nullptr;
  }
  return parsePostfix();
}

bool Parser::parseArgs(std::vector<ExprPtr> &args) {
  consume(); // (
  if (consumeIf(Tok::r_paren))
    return true;
  do {
    ExprPtr arg = parseExpr();
    if (!arg)
      return false;
    args.push_back(std::move(arg));
  } while (consumeIf(Tok::comma));
  return expect(Tok::r_paren, "after the call arguments");
}

ExprPtr Parser::parsePostfix() {
  // Explicit conversions: `float(x)`, `int(x)`, ...
  if (isTypeStart() && tok().isNot(Tok::kw_void) && tok().isNot(Tok::kw_str) &&
      peek().is(Tok::l_paren)) {
    auto cast = std::make_unique<CastExpr>(tok().loc, nullptr, false);
    cast->target.loc = tok().loc;
    cast->target.name = tok().spelling.str();
    consume();
    consume(); // (
    cast->operand = parseExpr();
    if (!cast->operand || !expect(Tok::r_paren, "after the converted value"))
      return nullptr;
    return cast;
  }
  if (tok().is(Tok::identifier) && peek().is(Tok::l_paren)) {
    SMLoc loc = tok().loc;
    std::string callee = tok().spelling.str();
    consume();
    std::vector<ExprPtr> argExprs;
    if (!parseArgs(argExprs))
      return nullptr;
    std::vector<Arg> args;
    for (auto &a : argExprs) {
      Arg arg;
      arg.loc = a->getLoc();
      arg.value = std::move(a);
      args.push_back(std::move(arg));
    }
    return std::make_unique<CallExpr>(
        loc, std::make_unique<NameExpr>(loc, callee), std::move(args));
  }
  return parsePrimary();
}

ExprPtr Parser::parsePrimary() {
  const Token &t = tok();
  SMLoc loc = t.loc;
  switch (t.kind) {
  case Tok::integer: {
    auto e = std::make_unique<IntLitExpr>(loc, t.intValue);
    consume();
    return e;
  }
  case Tok::floating: {
    auto e = std::make_unique<FloatLitExpr>(loc, t.floatValue);
    consume();
    return e;
  }
  case Tok::kw_inf: {
    consume();
    return std::make_unique<FloatLitExpr>(
        loc, std::numeric_limits<double>::infinity());
  }
  case Tok::string: {
    auto e = std::make_unique<StrLitExpr>(loc, t.strValue);
    consume();
    return e;
  }
  case Tok::kw_true:
  case Tok::kw_false: {
    auto e = std::make_unique<BoolLitExpr>(loc, t.is(Tok::kw_true));
    consume();
    return e;
  }
  case Tok::identifier: {
    auto e = std::make_unique<NameExpr>(loc, t.spelling.str());
    consume();
    return e;
  }
  case Tok::l_paren: {
    consume();
    ExprPtr inner = parseExpr();
    if (!inner || !expect(Tok::r_paren, "to close the parenthesis"))
      return nullptr;
    return inner;
  }
  case Tok::reserved:
    errorAtTok("'" + t.spelling + "' is a reserved word");
    return nullptr;
  case Tok::error:
    return nullptr;
  default:
    if (t.isKeyword() || t.isTypeKeyword())
      errorAtTok("'" + t.spelling + "' is not supported in expressions yet");
    else
      errorAtTok("expected an expression, found " + describe(t.kind));
    return nullptr;
  }
}
