//===- ParseExpr.cpp - Neve parser: expressions ---------------------------===//
//
// Expressions by precedence climbing over the levels of spec §1.6:
//
//   1 postfix: calls, `.m`, `[…]`, `{…}` and `{…}(…)`     parsePostfix
//   2 prefix `-` `!` `not`                                  parseUnary
//   3 `@`                                                   parseMatMul
//   4 postfix `reduce OP`, `scan OP`                        parseFold
//   5-12 binary levels, loosest first: or/xor, and,         parseBinary
//        comparisons (non-associative), offby, |, <| |>,
//        + -, * / // /| %
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Parser.h"

#include <limits>

using namespace neve;
using llvm::SMLoc;

namespace {
struct BinOpInfo {
  BinaryOp op;
  unsigned prec; // higher binds tighter
};
} // namespace

/// Binary operators of levels 5 to 12 (level 12 is 1 here, ..., level 5 is
/// 8).
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
  case Tok::kw_offby:
    return BinOpInfo{BinaryOp::Offby, 4};
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

ExprPtr Parser::parseExpr() {
  ++exprNesting;
  ExprPtr e = parseBinary(1);
  --exprNesting;
  // Chains (`1 + 1 + …`, `a.n.n…`) are built by loops, so only the whole
  // expression tells how deep it is.
  const Expr *deepest = nullptr;
  if (!e || exprNesting != 0 || exprDepth(*e, &deepest) <= kMaxExprDepth)
    return e;
  diag.error(deepest->getLoc(), "this expression is nested too deeply (more than " +
                           std::to_string(kMaxExprDepth) +
                           " levels); split it with variables");
  destroyExpr(std::move(e));
  return nullptr;
}

ExprPtr Parser::parseBinary(unsigned minPrec) {
  ExprPtr lhs = parseFold();
  if (!lhs)
    return nullptr;
  while (true) {
    auto info = binaryOpInfo(tok().kind);
    if (!info || info->prec < minPrec)
      return lhs;
    SMLoc opLoc = tok().loc;
    consume();
    ExprPtr rhs = parseBinary(info->prec + 1);
    if (!rhs)
      return nullptr;
    SMLoc begin = lhs->getRange().Start;
    lhs = withRange(std::make_unique<BinaryExpr>(opLoc, info->op,
                                                 std::move(lhs), std::move(rhs)),
                    begin);
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

ExprPtr Parser::parseFold() {
  ExprPtr e = parseMatMul();
  if (!e)
    return nullptr;
  while (tok().is(Tok::kw_reduce) || tok().is(Tok::kw_scan)) {
    SMLoc loc = tok().loc;
    bool isScan = tok().is(Tok::kw_scan);
    llvm::StringRef word = tok().spelling;
    consume();
    BinaryOp op;
    if (tok().is(Tok::plus)) {
      op = BinaryOp::Add;
    } else if (tok().is(Tok::star)) {
      op = BinaryOp::Mul;
    } else {
      errorAtTok("expected '+' or '*' after '" + word + "', found " +
                 describeTok(tok()));
      return nullptr;
    }
    consume();
    SMLoc begin = e->getRange().Start;
    e = withRange(std::make_unique<FoldExpr>(loc, std::move(e), isScan, op),
                  begin);
  }
  return e;
}

ExprPtr Parser::parseMatMul() {
  ExprPtr lhs = parseUnary();
  if (!lhs)
    return nullptr;
  while (tok().is(Tok::at)) {
    SMLoc opLoc = tok().loc;
    consume();
    ExprPtr rhs = parseUnary();
    if (!rhs)
      return nullptr;
    SMLoc begin = lhs->getRange().Start;
    lhs = withRange(std::make_unique<BinaryExpr>(opLoc, BinaryOp::MatMul,
                                                 std::move(lhs), std::move(rhs)),
                    begin);
  }
  return lhs;
}

ExprPtr Parser::parseUnary() {
  DepthGuard guard(*this);
  if (!guard.ok())
    return nullptr;
  SMLoc loc = tok().loc;
  if (consumeIf(Tok::minus)) {
    ExprPtr operand = parseUnary();
    return operand ? withRange(std::make_unique<UnaryExpr>(
                                   loc, UnaryOp::Neg, std::move(operand)),
                               loc)
                   : nullptr;
  }
  if (consumeIf(Tok::bang) || consumeIf(Tok::kw_not)) {
    ExprPtr operand = parseUnary();
    return operand ? withRange(std::make_unique<UnaryExpr>(
                                   loc, UnaryOp::Not, std::move(operand)),
                               loc)
                   : nullptr;
  }
  return parsePostfix();
}

//===----------------------------------------------------------------------===//
// Postfix
//===----------------------------------------------------------------------===//

bool Parser::parseExprList(std::vector<ExprPtr> &out, Tok close,
                           llvm::StringRef context) {
  do {
    ExprPtr e = parseExpr();
    if (!e)
      return false;
    out.push_back(std::move(e));
  } while (consumeIf(Tok::comma));
  return expect(close, context);
}

bool Parser::parseArgs(std::vector<Arg> &args, llvm::StringRef context) {
  consume(); // (
  if (consumeIf(Tok::r_paren))
    return true;
  bool sawKeyword = false;
  do {
    Arg arg;
    arg.loc = tok().loc;
    if (consumeIf(Tok::greater)) {
      arg.split = ArgSplit::Chunked; // `>xs` (§6.8.2)
    } else if (consumeIf(Tok::colon)) {
      arg.split = ArgSplit::Strided; // `:xs`
    } else if (tok().is(Tok::identifier) && peek().is(Tok::equal)) {
      arg.keyword = tok().spelling.str(); // `name = expr` (§3.2)
      consume();
      consume();
    } else if (isScalarTypeKeyword(tok().kind) &&
               (peek().is(Tok::comma) || peek().is(Tok::r_paren))) {
      // A scalar type alone is its type tag (§4.4).
      arg.value =
          std::make_unique<TypeTagExpr>(tok().loc, tok().spelling.str());
      consume();
      arg.value = withRange(std::move(arg.value), arg.loc);
    }
    if (!arg.value) {
      arg.value = parseExpr();
      if (!arg.value)
        return false;
    }
    if (arg.keyword.empty() && sawKeyword) {
      diag.error(arg.loc, "positional arguments come before keyword "
                          "arguments");
      return false;
    }
    sawKeyword |= !arg.keyword.empty();
    args.push_back(std::move(arg));
  } while (consumeIf(Tok::comma));
  return expect(Tok::r_paren, context);
}

size_t Parser::matchCtimeArgs(size_t lessPos) const {
  if (at(lessPos).isNot(Tok::less))
    return 0;
  size_t i = lessPos + 1;
  if (at(i).isNot(Tok::integer))
    return 0;
  ++i;
  while (at(i).is(Tok::comma) && at(i + 1).is(Tok::integer))
    i += 2;
  return at(i).is(Tok::greater) ? i + 1 : 0;
}

bool Parser::parseCtimeArgs(std::vector<int64_t> &ctime) {
  // `<INT {, INT}>`, only as a whole: otherwise `<` is a comparison.
  if (!matchCtimeArgs(pos))
    return false;
  consume(); // <
  while (tok().is(Tok::integer)) {
    ctime.push_back(static_cast<int64_t>(tok().intValue));
    consume();
    if (!consumeIf(Tok::comma))
      break;
  }
  consume(); // >
  return true;
}

ExprPtr Parser::parseIndex(ExprPtr base) {
  SMLoc loc = tok().loc;
  consume(); // [
  if (tok().is(Tok::r_square)) {
    errorAtTok("expected an index, found ']'");
    return nullptr;
  }
  std::vector<IndexItem> items;
  auto atItemEnd = [&]() {
    return tok().is(Tok::comma) || tok().is(Tok::r_square);
  };
  do {
    IndexItem item;
    item.loc = tok().loc;
    if (tok().isNot(Tok::colon)) {
      item.index = parseExpr();
      if (!item.index)
        return nullptr;
    }
    if (consumeIf(Tok::colon)) {
      // A slice `s:e`, `:e`, `s:` (§5.2).
      item.isSlice = true;
      if (!atItemEnd()) {
        item.sliceEnd = parseExpr();
        if (!item.sliceEnd)
          return nullptr;
      }
    }
    items.push_back(std::move(item));
  } while (consumeIf(Tok::comma));
  if (!expect(Tok::r_square, "after the index"))
    return nullptr;
  return std::make_unique<IndexExpr>(loc, std::move(base), std::move(items));
}

ExprPtr Parser::parseSelect(ExprPtr base) {
  SMLoc loc = tok().loc;
  consume(); // {
  std::vector<ExprPtr> braces;
  if (!parseExprList(braces, Tok::r_brace, "to close the selector"))
    return nullptr;
  auto sel =
      std::make_unique<SelectExpr>(loc, std::move(base), std::move(braces));
  if (tok().is(Tok::l_paren)) {
    // `v{t…}(c…)`: a tile (§8.5.4).
    consume();
    sel->isTile = true;
    if (!parseExprList(sel->coords, Tok::r_paren, "after the tile coordinates"))
      return nullptr;
  }
  return sel;
}

ExprPtr Parser::parsePostfix() {
  SMLoc start = tok().loc;
  // Every expression of levels 1 and 0 spans from `start` to the last
  // token it consumed (a parenthesized one with its parentheses).
  ExprPtr e = withRange(parsePrimary(), start);
  if (!e)
    return nullptr;
  while (true) {
    switch (tok().kind) {
    case Tok::l_paren: {
      // A call sits at its callee's name: `f` in `f(x)`, `m` in `x.m(y)`,
      // else where the callee starts.
      SMLoc loc = start;
      if (llvm::isa<NameExpr>(*e) || llvm::isa<MemberExpr>(*e))
        loc = e->getLoc();
      std::vector<Arg> args;
      if (!parseArgs(args, "after the call arguments"))
        return nullptr;
      auto call =
          std::make_unique<CallExpr>(loc, std::move(e), std::move(args));
      if (tok().is(Tok::less))
        parseCtimeArgs(call->ctimeArgs);
      e = withRange(std::move(call), start);
      break;
    }
    case Tok::period: {
      const Token &name = peek();
      // Member names are their own namespace: type keywords are fine.
      if (name.is(Tok::identifier) || name.isTypeKeyword()) {
        consume();
        e = std::make_unique<MemberExpr>(name.loc, std::move(e),
                                         name.spelling.str());
        consume();
        e = withRange(std::move(e), start);
        break;
      }
      // `1.` is no float (§1.5); leave the '.' to the caller.
      if (llvm::isa<IntLitExpr>(*e) || llvm::isa<FloatLitExpr>(*e))
        return e;
      consume();
      errorAtTok("expected a member name after '.', found " +
                 describeTok(tok()));
      return nullptr;
    }
    case Tok::l_square:
      e = withRange(parseIndex(std::move(e)), start);
      if (!e)
        return nullptr;
      break;
    case Tok::l_brace:
      // Directly after an expression, '{' selects (§8.5.4, §8.5.5).
      e = withRange(parseSelect(std::move(e)), start);
      if (!e)
        return nullptr;
      break;
    default:
      return e;
    }
  }
}

//===----------------------------------------------------------------------===//
// Primary
//===----------------------------------------------------------------------===//

ExprPtr Parser::parseListLit() {
  auto list = std::make_unique<ListLitExpr>(tok().loc, std::vector<ExprPtr>());
  consume(); // [
  if (consumeIf(Tok::r_square))
    return list;
  if (!parseExprList(list->elems, Tok::r_square, "to close the list"))
    return nullptr;
  return list;
}

ExprPtr Parser::parseMapLit() {
  auto map = std::make_unique<MapLitExpr>(tok().loc);
  consume(); // {
  if (consumeIf(Tok::r_brace))
    return map;
  do {
    ExprPtr key = parseExpr();
    if (!key || !expect(Tok::colon, "between a key and its value in the map "
                                    "literal"))
      return nullptr;
    ExprPtr value = parseExpr();
    if (!value)
      return nullptr;
    map->keys.push_back(std::move(key));
    map->values.push_back(std::move(value));
  } while (consumeIf(Tok::comma));
  if (!expect(Tok::r_brace, "to close the map literal"))
    return nullptr;
  return map;
}

ExprPtr Parser::parseNew() {
  SMLoc loc = tok().loc;
  consume(); // new
  if (tok().isNot(Tok::identifier)) {
    errorAtTok("expected a class name after 'new', found " +
               describeTok(tok()));
    return nullptr;
  }
  TypeExpr cls;
  cls.loc = tok().loc;
  cls.name = tok().spelling.str();
  consume();
  if (tok().isNot(Tok::l_paren)) {
    errorAtTok("expected '(' and the constructor arguments after 'new " +
               cls.name + "', found " + describeTok(tok()));
    return nullptr;
  }
  std::vector<Arg> args;
  if (!parseArgs(args, "after the constructor arguments"))
    return nullptr;
  return std::make_unique<NewExpr>(loc, std::move(cls), std::move(args));
}

ExprPtr Parser::parseLayoutNew() {
  SMLoc loc = tok().loc;
  TypeExpr type;
  if (!parseType(type))
    return nullptr;
  if (tok().isNot(Tok::l_paren)) {
    errorAtTok("expected '(' after the layout type, found " +
               describeTok(tok()));
    return nullptr;
  }
  consume();
  ExprPtr base;
  if (tok().isNot(Tok::r_paren)) {
    base = parseExpr();
    if (!base)
      return nullptr;
  }
  if (!expect(Tok::r_paren, "after the memory of the layout"))
    return nullptr;
  return std::make_unique<LayoutNewExpr>(loc, std::move(type), std::move(base));
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
  case Tok::kw_inf:
    consume();
    return std::make_unique<FloatLitExpr>(
        loc, std::numeric_limits<double>::infinity(), /*isInf=*/true);
  case Tok::string: {
    auto e = std::make_unique<StrLitExpr>(loc, t.strValue);
    consume();
    return e;
  }
  case Tok::character: {
    auto e = std::make_unique<CharLitExpr>(
        loc, static_cast<uint8_t>(t.strValue.empty() ? 0 : t.strValue[0]));
    consume();
    return e;
  }
  case Tok::kw_true:
  case Tok::kw_false: {
    auto e = std::make_unique<BoolLitExpr>(loc, t.is(Tok::kw_true));
    consume();
    return e;
  }
  case Tok::kw_nil:
    consume();
    return std::make_unique<NilLitExpr>(loc);
  case Tok::identifier: {
    auto e = std::make_unique<NameExpr>(loc, t.spelling.str());
    consume();
    return e;
  }
  case Tok::kw_self:
    consume();
    return std::make_unique<SelfExpr>(loc);
  case Tok::dollar: {
    // `$C`: the singleton of class C (§2.3).
    consume();
    if (tok().isNot(Tok::identifier)) {
      errorAtTok("expected a class name after '$', found " +
                 describeTok(tok()));
      return nullptr;
    }
    auto e = std::make_unique<GlobalExpr>(loc, tok().spelling.str());
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
  case Tok::l_square:
    return parseListLit();
  case Tok::l_brace:
    // In primary position '{' is a map literal.
    return parseMapLit();
  case Tok::kw_new:
    return parseNew();
  case Tok::kw_layout:
    return parseLayoutNew();
  case Tok::reserved:
    errorAtTok("'" + t.spelling + "' is a reserved word");
    return nullptr;
  case Tok::error:
    return nullptr;
  default:
    break;
  }
  // Explicit conversions: `float(x)`, `int(x)`, ... (§4.5).
  if (isScalarTypeKeyword(t.kind) && peek().is(Tok::l_paren)) {
    auto cast = std::make_unique<CastExpr>(loc, nullptr, false);
    cast->target.loc = loc;
    cast->target.name = t.spelling.str();
    consume();
    consume(); // (
    cast->operand = parseExpr();
    if (!cast->operand || !expect(Tok::r_paren, "after the converted value"))
      return nullptr;
    return cast;
  }
  if (t.isTypeKeyword() && peek().is(Tok::l_paren)) {
    errorAtTok("'" + t.spelling +
               "(…)' is no conversion: explicit "
               "conversions are to scalar types only");
    return nullptr;
  }
  errorAtTok("expected an expression, found " + describeTok(t));
  return nullptr;
}
