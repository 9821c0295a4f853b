//===- ParseStmt.cpp - Neve parser: statements ----------------------------===//
//
// Blocks and statements (spec §6, §10): declarations, assignments (single,
// tuple unpacking, compound), channel statements, return/break/continue,
// if/else, while, both for loops, multi-loops, finish, lock, async, asyncs
// and launch.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Parser.h"

using namespace neve;
using llvm::SMLoc;

//===----------------------------------------------------------------------===//
// Blocks
//===----------------------------------------------------------------------===//

bool Parser::parseBlock(Block &block) {
  DepthGuard guard(*this);
  if (!guard.ok()) {
    recoverToLineEnd();
    return false;
  }
  if (tok().isNot(Tok::newline)) {
    errorAtTok("expected the end of the line before an indented block, "
               "found " +
               describeTok(tok()));
    recoverToLineEnd();
    return false;
  }
  consume();
  if (tok().isNot(Tok::indent)) {
    errorAtTok("expected an indented block");
    return false;
  }
  consume();
  parseBlockBody(block);
  return !diag.reachedLimit();
}

void Parser::parseBlockBody(Block &block) {
  while (tok().isNot(Tok::dedent) && tok().isNot(Tok::eof)) {
    size_t start = pos;
    if (tok().is(Tok::indent)) {
      errorAtTok("unexpected indentation");
      recoverToLineEnd();
      continue;
    }
    if (StmtPtr s = parseStmt())
      block.push_back(std::move(s));
    if (diag.reachedLimit())
      return;
    if (pos == start)
      consume();
  }
  consumeIf(Tok::dedent);
}

bool Parser::expectStmtEnd() {
  if (tok().isNot(Tok::newline)) {
    errorAtTok("expected the end of the statement, found " +
               describeTok(tok()));
    recoverToLineEnd();
    return false;
  }
  consume();
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
  case Tok::l_square:
    // A statement that starts with '[' is always a multi-loop (§6.5).
    return parseMultiLoop();
  case Tok::kw_finish:
    return parseFinish();
  case Tok::kw_lock:
    return parseLock();
  case Tok::kw_async:
    return parseAsync();
  case Tok::kw_asyncs:
    return parseAsyncs();
  case Tok::kw_else:
    // An 'else' not directly after an 'if' block (often: indented deeper
    // than its 'if'). Skip it and its block.
    errorAtTok("'else' without a matching 'if' at the same indentation");
    recoverToLineEnd();
    return nullptr;
  case Tok::kw_import:
    errorAtTok("'import' is only allowed at the top level of a file");
    recoverToLineEnd();
    return nullptr;
  case Tok::kw_def:
  case Tok::kw_gpu:
  case Tok::kw_kernel:
  case Tok::kw_class:
  case Tok::kw_proto:
  case Tok::kw_operation:
  case Tok::kw_main:
    errorAtTok("'" + tok().spelling +
               "' declarations are only allowed at the top level of a file");
    recoverToLineEnd();
    return nullptr;
  case Tok::kw_ctor:
    errorAtTok("a constructor belongs in the body of a class");
    recoverToLineEnd();
    return nullptr;
  default:
    break;
  }
  // `elif COND` followed by a block: Python habits.
  if (isIdent("elif") && at(lineEnd(pos) + 1).is(Tok::indent)) {
    errorAtTok("'elif' is not Neve: write 'else' and nest the 'if' in its "
               "block");
    recoverToLineEnd();
    return nullptr;
  }
  StmtPtr s = parseSimpleStmt();
  if (!s) {
    recoverToLineEnd();
    return nullptr;
  }
  if (!expectStmtEnd())
    return nullptr;
  return s;
}

StmtPtr Parser::parseSimpleStmt() {
  SMLoc loc = tok().loc;
  switch (tok().kind) {
  case Tok::kw_return:
    return parseReturn();
  case Tok::kw_break:
    consume();
    return std::make_unique<BreakStmt>(loc);
  case Tok::kw_continue:
    consume();
    return std::make_unique<ContinueStmt>(loc);
  case Tok::kw_launch:
    return parseLaunch();
  default:
    break;
  }
  if (isDeclarationStart())
    return parseDeclaration();

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
  case Tok::larrow: {
    // `a <- b`: a send or a receive, decided by the types (§6.8.5).
    SMLoc opLoc = tok().loc;
    consume();
    ExprPtr rhs = parseExpr();
    if (!rhs)
      return nullptr;
    return std::make_unique<ChannelStmt>(opLoc, std::move(lhs), std::move(rhs));
  }
  case Tok::comma: {
    // Tuple unpacking: `a, b = e`.
    std::vector<ExprPtr> targets;
    targets.push_back(std::move(lhs));
    while (consumeIf(Tok::comma)) {
      ExprPtr target = parseExpr();
      if (!target)
        return nullptr;
      targets.push_back(std::move(target));
    }
    if (tok().isNot(Tok::equal)) {
      errorAtTok("expected '=' after the assignment targets, found " +
                 describeTok(tok()));
      return nullptr;
    }
    SMLoc opLoc = tok().loc;
    consume();
    ExprPtr rhs = parseExpr();
    if (!rhs)
      return nullptr;
    return std::make_unique<AssignStmt>(opLoc, std::move(targets),
                                        std::move(rhs), std::nullopt);
  }
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

StmtPtr Parser::parseDeclaration() {
  auto stmt = std::make_unique<VarDeclStmt>(tok().loc);
  std::unique_ptr<TypeExpr> type;
  bool namedType = tok().is(Tok::identifier);
  if (!consumeIf(Tok::kw_var)) {
    type = std::make_unique<TypeExpr>();
    if (!parseType(*type))
      return nullptr;
  }
  do {
    if (tok().isNot(Tok::identifier)) {
      errorAtTok("expected a variable name, found " + describeTok(tok()));
      return nullptr;
    }
    auto var = std::make_unique<VarDecl>(tok().loc, tok().spelling.str());
    consume();
    if (type)
      var->typeExpr = std::make_unique<TypeExpr>(*type);
    if (tok().is(Tok::equal) || tok().is(Tok::larrow)) {
      // `T x <- ch` and `var x <- ch` receive (§6.8.5).
      var->isReceive = tok().is(Tok::larrow);
      consume();
      var->init = parseExpr();
      if (!var->init)
        return nullptr;
    } else if (type && tok().is(Tok::l_paren)) {
      // `C x(args)` means `C x = new C(args)` (§3.4).
      if (!namedType || type->isPointer) {
        errorAtTok("only an object of a class can be constructed with '" +
                   var->name + "(…)'; write '" + type->str() + " " + var->name +
                   " = …'");
        return nullptr;
      }
      std::vector<Arg> args;
      if (!parseArgs(args, "after the constructor arguments"))
        return nullptr;
      var->init = withRange(
          std::make_unique<NewExpr>(var->loc, *type, std::move(args)),
          var->loc);
      var->isConstruction = true;
    } else if (!type) {
      diag.error(var->loc, "'var' needs an initializer to take its type from");
      return nullptr;
    }
    stmt->vars.push_back(std::move(var));
  } while (consumeIf(Tok::comma));
  return stmt;
}

StmtPtr Parser::parseReturn() {
  SMLoc loc = tok().loc;
  consume(); // return
  if (tok().is(Tok::newline) || tok().is(Tok::eof) || tok().is(Tok::dedent))
    return std::make_unique<ReturnStmt>(loc, nullptr);
  SMLoc valueLoc = tok().loc;
  ExprPtr value = parseExpr();
  if (!value)
    return nullptr;
  if (tok().is(Tok::comma)) {
    // `return a, b` builds a tuple (§3.1).
    std::vector<ExprPtr> elems;
    elems.push_back(std::move(value));
    while (consumeIf(Tok::comma)) {
      ExprPtr e = parseExpr();
      if (!e)
        return nullptr;
      elems.push_back(std::move(e));
    }
    value = withRange(std::make_unique<TupleExpr>(valueLoc, std::move(elems)),
                      valueLoc);
  }
  return std::make_unique<ReturnStmt>(loc, std::move(value));
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
  SMLoc loc = tok().loc;
  consume();
  if (tok().isNot(Tok::identifier)) {
    errorAtTok("expected the loop variable after 'for', found " +
               describeTok(tok()));
    recoverToLineEnd();
    return nullptr;
  }
  auto var = std::make_unique<VarDecl>(tok().loc, tok().spelling.str());
  consume();

  if (consumeIf(Tok::kw_in)) {
    // `for x in xs` (§6.5).
    auto stmt = std::make_unique<ForInStmt>(loc);
    stmt->var = std::move(var);
    stmt->iterable = parseExpr();
    if (!stmt->iterable) {
      recoverToLineEnd();
      return nullptr;
    }
    if (!parseBlock(stmt->body))
      return nullptr;
    return stmt;
  }

  // `for k = START, COND[, STEP]`.
  auto stmt = std::make_unique<ForStmt>(loc);
  stmt->var = std::move(var);
  stmt->var->isReadOnly = true;
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

StmtPtr Parser::parseMultiLoop() {
  auto stmt = std::make_unique<MultiLoopStmt>(tok().loc);
  consume(); // [
  auto fail = [&]() -> StmtPtr {
    recoverToLineEnd();
    return nullptr;
  };
  do {
    ExprPtr lower = parseExpr();
    if (!lower || !expect(Tok::dotdot, "between the bounds of a multi-loop "
                                       "range"))
      return fail();
    ExprPtr upper = parseExpr();
    if (!upper)
      return fail();
    stmt->lower.push_back(std::move(lower));
    stmt->upper.push_back(std::move(upper));
  } while (consumeIf(Tok::comma));
  if (!expect(Tok::r_square, "after the multi-loop ranges"))
    return fail();
  do {
    if (tok().isNot(Tok::identifier)) {
      errorAtTok("expected a loop variable after the multi-loop ranges, "
                 "found " +
                 describeTok(tok()));
      return fail();
    }
    auto var = std::make_unique<VarDecl>(tok().loc, tok().spelling.str());
    var->isReadOnly = true;
    stmt->vars.push_back(std::move(var));
    consume();
  } while (consumeIf(Tok::comma));
  if (stmt->vars.size() != stmt->lower.size()) {
    diag.error(stmt->vars.front()->loc,
               "a multi-loop needs one variable per range: " +
                   llvm::Twine(stmt->lower.size()) + " range(s), " +
                   llvm::Twine(stmt->vars.size()) + " variable(s)");
    return fail();
  }
  if (!parseBlock(stmt->body))
    return nullptr;
  return stmt;
}

StmtPtr Parser::parseFinish() {
  auto stmt = std::make_unique<FinishStmt>(tok().loc);
  consume();
  if (!parseBlock(stmt->body))
    return nullptr;
  return stmt;
}

StmtPtr Parser::parseLock() {
  auto stmt = std::make_unique<LockStmt>(tok().loc);
  consume();
  // A one-character name in single quotes lexes as a char; accept it too.
  if (tok().is(Tok::string) || tok().is(Tok::character)) {
    stmt->name = tok().strValue;
    consume();
  } else if (tok().isNot(Tok::newline)) {
    errorAtTok("expected a lock name (a string literal) or the end of the "
               "line after 'lock', found " +
               describeTok(tok()));
    recoverToLineEnd();
    return nullptr;
  }
  if (!parseBlock(stmt->body))
    return nullptr;
  return stmt;
}

bool Parser::parseAsyncBody(Block &body, bool &isInline,
                            llvm::StringRef keyword) {
  if (tok().is(Tok::newline))
    return parseBlock(body);
  // The one-line form (§6.8.1).
  if (tok().isNot(Tok::identifier) && tok().isNot(Tok::kw_self) &&
      tok().isNot(Tok::dollar)) {
    errorAtTok("the one-line form of '" + keyword +
               "' takes a statement that starts with a name, 'self' or '$', "
               "found " +
               describeTok(tok()) + "; put other statements in a block");
    recoverToLineEnd();
    return false;
  }
  isInline = true;
  StmtPtr s = parseSimpleStmt();
  if (!s) {
    recoverToLineEnd();
    return false;
  }
  if (!expectStmtEnd())
    return false;
  body.push_back(std::move(s));
  return true;
}

StmtPtr Parser::parseAsync() {
  auto stmt = std::make_unique<AsyncStmt>(tok().loc);
  consume();
  if (!parseAsyncBody(stmt->body, stmt->isInline, "async"))
    return nullptr;
  return stmt;
}

StmtPtr Parser::parseAsyncs() {
  auto stmt = std::make_unique<AsyncsStmt>(tok().loc);
  consume();
  // The count ends before the identifier that starts an inline statement.
  stmt->count = parseExpr();
  if (!stmt->count) {
    recoverToLineEnd();
    return nullptr;
  }
  if (!parseAsyncBody(stmt->body, stmt->isInline, "asyncs"))
    return nullptr;
  return stmt;
}

//===----------------------------------------------------------------------===//
// launch
//===----------------------------------------------------------------------===//

bool Parser::parseLaunchDims(std::vector<ExprPtr> &dims, llvm::StringRef what) {
  if (tok().isNot(Tok::l_square)) {
    errorAtTok("expected the " + what +
               " dimensions '[…]' of 'launch', "
               "found " +
               describeTok(tok()));
    return false;
  }
  SMLoc loc = tok().loc;
  consume();
  if (tok().is(Tok::r_square)) {
    errorAtTok("the " + what +
               " dimensions of 'launch' need one to three "
               "values");
    return false;
  }
  if (!parseExprList(dims, Tok::r_square,
                     ("after the " + what + " dimensions").str()))
    return false;
  if (dims.size() > 3) {
    diag.error(loc, "the " + what +
                        " dimensions of 'launch' need one to "
                        "three values, not " +
                        llvm::Twine(dims.size()));
    return false;
  }
  return true;
}

bool Parser::atLaunchKernelCall() const {
  if (tok().isNot(Tok::identifier) || peek().isNot(Tok::l_paren))
    return false;
  size_t close = matchingClose(pos + 1);
  // An unclosed call runs to the end of the file: it can only be the
  // kernel call, and its parser reports the missing ')'.
  if (close == std::string::npos)
    return true;
  size_t i = close + 1;
  if (at(i).is(Tok::less)) {
    // `<INT, …>` compile-time arguments.
    i = matchCtimeArgs(i);
    if (!i)
      return false;
  }
  return at(i).is(Tok::newline) || at(i).is(Tok::eof);
}

StmtPtr Parser::parseLaunch() {
  auto stmt = std::make_unique<LaunchStmt>(tok().loc);
  consume(); // launch
  if (!parseLaunchDims(stmt->grid, "grid") ||
      !parseLaunchDims(stmt->block, "block"))
    return nullptr;
  // Up to two operands, SMEM and STREAM, before the kernel call (§6.7).
  for (unsigned k = 0; k < 2 && !atLaunchKernelCall(); ++k) {
    if (tok().is(Tok::newline) || tok().is(Tok::eof))
      break;
    ExprPtr e = parseExpr();
    if (!e)
      return nullptr;
    if (k == 1) {
      stmt->stream = std::move(e);
      continue;
    }
    auto *name = llvm::dyn_cast<NameExpr>(e.get());
    if (name && name->name == "smem_size")
      stmt->smemIsKernelSize = true;
    else
      stmt->smem = std::move(e);
  }
  if (!atLaunchKernelCall()) {
    errorAtTok("expected the kernel call 'name(args)' that ends the "
               "'launch', found " +
               describeTok(tok()));
    return nullptr;
  }
  stmt->kernelName = tok().spelling.str();
  stmt->kernelLoc = tok().loc;
  consume();
  if (!parseArgs(stmt->args, "after the kernel arguments"))
    return nullptr;
  if (tok().is(Tok::less))
    parseCtimeArgs(stmt->ctimeArgs);
  return stmt;
}
