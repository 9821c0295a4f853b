//===- ParseType.cpp - Neve parser: types ---------------------------------===//
//
// Types as written (spec §10 `type`): scalar and reference keywords, class
// and foreign names, `array<T>`, `map<K, V>`, `tuple<…>`, `channel<T, N>`,
// `Function<R, …>`, `layout<T, d…[, smem]>`, `T[]` and `T[N]`; and the
// lookahead that tells declarations from expressions at the start of a
// statement.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Parser.h"

using namespace neve;

bool Parser::isScalarTypeKeyword(Tok kind) {
  switch (kind) {
  case Tok::kw_int:
  case Tok::kw_i8:
  case Tok::kw_i16:
  case Tok::kw_i64:
  case Tok::kw_char:
  case Tok::kw_float:
  case Tok::kw_bf16:
  case Tok::kw_half:
  case Tok::kw_bool:
    return true;
  default:
    return false;
  }
}

bool Parser::canStartType(const Token &t) {
  return t.isTypeKeyword() || t.is(Tok::kw_layout) || t.is(Tok::identifier);
}

/// Reads `[ [INT] ]` after a scalar or named type into a pointer type.
static bool isPointerSuffixAt(const Token &a, const Token &b, const Token &c) {
  return a.is(Tok::l_square) &&
         (b.is(Tok::r_square) || (b.is(Tok::integer) && c.is(Tok::r_square)));
}

bool Parser::parseTypeList(std::vector<TypeExpr> &list) {
  do {
    list.emplace_back();
    if (!parseType(list.back()))
      return false;
  } while (consumeIf(Tok::comma));
  return true;
}

bool Parser::parseType(TypeExpr &type, llvm::StringRef context) {
  DepthGuard guard(*this);
  if (!guard.ok())
    return false;
  const Token &t = tok();
  type.loc = t.loc;
  if (!canStartType(t)) {
    std::string msg = "expected a type";
    if (!context.empty())
      msg += " " + context.str();
    errorAtTok(msg + ", found " + describeTok(t));
    return false;
  }
  std::string name = t.spelling.str();
  Tok kind = t.kind;
  consume();

  // Closes the `<…>` of a generic type.
  auto close = [&](llvm::StringRef what) {
    return expect(Tok::greater, ("to close the " + what + " type").str());
  };
  auto open = [&]() {
    return expect(Tok::less, ("after '" + name + "'").c_str());
  };

  switch (kind) {
  case Tok::kw_array: {
    type.name = name;
    if (!open())
      return false;
    type.args.emplace_back();
    return parseType(type.args.back()) && close("array");
  }
  case Tok::kw_map: {
    type.name = name;
    if (!open())
      return false;
    type.args.emplace_back();
    if (!parseType(type.args.back()) ||
        !expect(Tok::comma, "between the key and value types of 'map'"))
      return false;
    type.args.emplace_back();
    return parseType(type.args.back()) && close("map");
  }
  case Tok::kw_tuple: {
    type.name = name;
    if (!open())
      return false;
    if (!parseTypeList(type.args))
      return false;
    if (type.args.size() < 2) {
      errorAtTok("a tuple type needs at least two element types");
      return false;
    }
    return close("tuple");
  }
  case Tok::kw_channel: {
    type.name = name;
    if (!open())
      return false;
    type.args.emplace_back();
    if (!parseType(type.args.back()) ||
        !expect(Tok::comma, "between the element type and the capacity of "
                            "'channel'"))
      return false;
    if (tok().isNot(Tok::integer)) {
      errorAtTok("expected the capacity of the channel (an integer "
                 "literal), found " +
                 describeTok(tok()));
      return false;
    }
    type.channelCapacity = static_cast<int64_t>(tok().intValue);
    consume();
    return close("channel");
  }
  case Tok::kw_Function: {
    type.name = name;
    if (!open())
      return false;
    return parseTypeList(type.args) && close("Function");
  }
  case Tok::kw_layout: {
    type.name = name;
    if (!open())
      return false;
    type.args.emplace_back();
    if (!parseType(type.args.back(), "for the layout elements"))
      return false;
    while (consumeIf(Tok::comma)) {
      const Token &e = tok();
      if (e.is(Tok::identifier) && e.spelling == "smem") {
        if (peek().isNot(Tok::greater)) {
          errorAtTok("'smem' must be the last argument of 'layout'");
          return false;
        }
        type.isSmem = true;
        consume();
        break;
      }
      LayoutExtent ext;
      ext.loc = e.loc;
      if (e.is(Tok::integer))
        ext.value = static_cast<int64_t>(e.intValue);
      else if (e.is(Tok::identifier))
        ext.name = e.spelling.str();
      else {
        errorAtTok("expected a layout extent (an integer literal or a name), "
                   "found " +
                   describeTok(e));
        return false;
      }
      consume();
      type.extents.push_back(std::move(ext));
    }
    return close("layout");
  }
  default:
    break;
  }

  // A scalar, str, any, void, or a class or foreign name, perhaps with a
  // pointer suffix (scalars and names only).
  type.name = name;
  bool pointerable = isScalarTypeKeyword(kind) || kind == Tok::identifier;
  if (pointerable && tok().is(Tok::l_square)) {
    if (!isPointerSuffixAt(tok(), peek(1), peek(2))) {
      consume(); // [
      errorAtTok("expected ']' or an integer literal and ']' in the "
                 "pointer type '" +
                 name + "[…]', found " + describeTok(tok()));
      return false;
    }
    TypeExpr elem;
    elem.loc = type.loc;
    elem.name = name;
    type.name.clear();
    type.isPointer = true;
    type.args.push_back(std::move(elem));
    consume(); // [
    if (tok().is(Tok::integer)) {
      type.fixedSize = static_cast<int64_t>(tok().intValue);
      consume();
    }
    consume(); // ]
  }
  return true;
}

bool Parser::skipType(size_t &i) const {
  const Token &first = at(i);
  if (!canStartType(first))
    return false;
  ++i;
  if (at(i).isNot(Tok::less)) {
    if ((isScalarTypeKeyword(first.kind) || first.is(Tok::identifier)) &&
        isPointerSuffixAt(at(i), at(i + 1), at(i + 2)))
      i += at(i + 1).is(Tok::integer) ? 3 : 2;
    return true;
  }
  // A generic type: up to the matching '>'. Types hold no parentheses,
  // operators or line ends, so anything else means this is no type.
  unsigned angle = 0;
  do {
    const Token &t = at(i);
    switch (t.kind) {
    case Tok::less:
      ++angle;
      break;
    case Tok::greater:
      --angle;
      break;
    case Tok::comma:
    case Tok::identifier:
    case Tok::integer:
    case Tok::kw_layout:
    case Tok::l_square:
    case Tok::r_square:
      break;
    default:
      if (!t.isTypeKeyword())
        return false;
      break;
    }
    ++i;
  } while (angle > 0);
  return true;
}

bool Parser::isDeclarationStart() const {
  const Token &t = tok();
  if (t.is(Tok::kw_var))
    return true;
  if (t.isTypeKeyword()) {
    // `int(x)` at the start of a statement is a conversion (§10).
    if (isScalarTypeKeyword(t.kind) && peek().is(Tok::l_paren))
      return false;
    // `str(x)` and the like: an expression (and an error there).
    if (peek().is(Tok::l_paren))
      return false;
    return true;
  }
  if (t.is(Tok::kw_layout)) {
    // `layout<…> v = …` declares; `layout<…>(p)` is an expression.
    size_t i = pos;
    return skipType(i) && at(i).is(Tok::identifier);
  }
  if (t.is(Tok::identifier)) {
    // `C x`, `C[] p`, `C[4] a`.
    if (peek().is(Tok::identifier))
      return true;
    if (isPointerSuffixAt(peek(1), peek(2), peek(3))) {
      unsigned n = peek(2).is(Tok::integer) ? 4 : 3;
      return peek(n).is(Tok::identifier);
    }
  }
  return false;
}
