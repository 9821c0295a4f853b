//===- ParseDecl.cpp - Neve parser: declarations --------------------------===//
//
// Imports (§2.1), functions, gpu functions and kernels with their parameters
// and compile-time parameters (§3.1-3.3, §3.7, §3.9), operator definitions
// (§3.5), classes (§3.4), `proto` and `operation` (§3.8), and `main`.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Parser.h"

#include "llvm/ADT/StringSwitch.h"

using namespace neve;
using llvm::SMLoc;

std::nullptr_t Parser::abandonDecl() {
  recoverToLineEnd();
  return nullptr;
}

//===----------------------------------------------------------------------===//
// import
//===----------------------------------------------------------------------===//

std::unique_ptr<ImportDecl> Parser::parseImport() {
  SMLoc loc = tok().loc;
  consume(); // import
  // `import default x` means `import x`; `import default` alone or
  // `import default.x` name a module called default.
  bool isDefault = false;
  if (isIdent("default") && peek().isNot(Tok::newline) &&
      peek().isNot(Tok::period)) {
    isDefault = true;
    consume();
  }
  if (tok().isNot(Tok::identifier)) {
    errorAtTok(llvm::Twine("expected a module name after ") +
               (isDefault ? "'import default'" : "'import'") + ", found " +
               describeTok(tok()));
    return abandonDecl();
  }
  auto imp = std::make_unique<ImportDecl>(loc);
  imp->isDefault = isDefault;
  imp->path.push_back(tok().spelling.str());
  consume();
  while (consumeIf(Tok::period)) {
    if (tok().isNot(Tok::identifier)) {
      errorAtTok("expected a name after '.' in the module path, found " +
                 describeTok(tok()));
      return abandonDecl();
    }
    imp->path.push_back(tok().spelling.str());
    consume();
  }
  if (tok().isNot(Tok::newline)) {
    errorAtTok("expected the end of the line after the module path, found " +
               describeTok(tok()));
    return abandonDecl();
  }
  consume();
  if (tok().is(Tok::indent)) {
    errorAtTok("unexpected indentation");
    recoverToLineEnd();
  }
  return imp;
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

/// The operator symbols that can be defined (§3.5).
static bool isOperatorSymbol(Tok kind) {
  switch (kind) {
  case Tok::plus:
  case Tok::minus:
  case Tok::star:
  case Tok::slash:
  case Tok::slashslash:
  case Tok::slashpipe:
  case Tok::percent:
  case Tok::at:
  case Tok::equalequal:
  case Tok::notequal:
  case Tok::less:
  case Tok::greater:
  case Tok::lessequal:
  case Tok::greaterequal:
    return true;
  default:
    return false;
  }
}

std::unique_ptr<FuncDecl> Parser::parseFunction(FuncKind kind, ClassDecl *cls) {
  consume(); // def / gpu / kernel
  TypeExpr ret;
  if (kind == FuncKind::Kernel && tok().isNot(Tok::kw_void)) {
    errorAtTok("expected 'void' after 'kernel' (a kernel returns nothing), "
               "found " +
               describeTok(tok()));
    return abandonDecl();
  }
  if (!parseType(ret, "or 'void' for the return value"))
    return abandonDecl();

  const Token &nameTok = tok();
  bool isOperator = isOperatorSymbol(nameTok.kind);
  bool isName = nameTok.is(Tok::identifier) ||
                (cls && nameTok.isTypeKeyword() && peek().is(Tok::l_paren));
  if (isOperator && (cls || kind == FuncKind::Kernel)) {
    errorAtTok(cls ? "operators are defined by top-level functions, not by "
                     "methods"
                   : "a kernel cannot define an operator");
    return abandonDecl();
  }
  if (nameTok.is(Tok::l_paren) && !ret.isPointer && ret.args.empty() &&
      ret.extents.empty()) {
    // `def f(…)`: the name was read as the return type.
    diag.error(ret.loc, "expected a return type before the function name '" +
                            ret.name +
                            "' (write 'void' when there is no "
                            "result)");
    return abandonDecl();
  }
  if (!isName && !isOperator) {
    errorAtTok(llvm::Twine(kind == FuncKind::Kernel
                               ? "expected a kernel name, found "
                               : "expected a function name, found ") +
               describeTok(nameTok));
    return abandonDecl();
  }
  auto fn = std::make_unique<FuncDecl>(nameTok.loc, nameTok.spelling.str());
  fn->kind = cls ? FuncKind::Method : kind;
  fn->isOperator = isOperator;
  fn->returnTypeExpr = std::move(ret);
  fn->parent = cls;
  fn->bufferID = bufferID;
  consume();

  if (tok().isNot(Tok::l_paren)) {
    errorAtTok("expected '(' after the function name, found " +
               describeTok(tok()));
    return abandonDecl();
  }
  if (!parseParams(*fn))
    return abandonDecl();
  if (tok().is(Tok::less)) {
    if (cls) {
      errorAtTok("methods cannot have compile-time parameters");
      return abandonDecl();
    }
    if (!parseCtimeParams(*fn))
      return abandonDecl();
  }
  if (!parseBlock(fn->body))
    return nullptr;
  return fn;
}

std::unique_ptr<FuncDecl> Parser::parseDecorated(ClassDecl *cls) {
  std::string role;
  SMLoc roleLoc;
  while (tok().is(Tok::at)) {
    SMLoc at = tok().loc;
    consume();
    if (tok().isNot(Tok::identifier) || tok().spelling != "role") {
      errorAtTok("expected 'role' after '@' (the one decorator, §3.10: "
                 "@role(\"NAME\") before a 'def'), found " +
                 describeTok(tok()));
      return abandonDecl();
    }
    consume();
    if (!expect(Tok::l_paren, "after '@role'"))
      return abandonDecl();
    if (tok().isNot(Tok::string)) {
      errorAtTok("expected the role's name as a string literal, found " +
                 describeTok(tok()));
      return abandonDecl();
    }
    if (!role.empty()) {
      diag.error(at, "a function has one role; '" + role +
                         "' is already given");
      diag.note(roleLoc, "the first @role is here");
      return abandonDecl();
    }
    role = tok().strValue;
    roleLoc = tok().loc;
    consume();
    if (!expect(Tok::r_paren, "after the role's name"))
      return abandonDecl();
    if (tok().isNot(Tok::newline)) {
      errorAtTok("expected the end of the line after '@role(...)', found " +
                 describeTok(tok()));
      return abandonDecl();
    }
    consume();
  }
  if (tok().isNot(Tok::kw_def)) {
    errorAtTok("@role decorates a 'def' (a function, operator or method), "
               "found " +
               describeTok(tok()));
    return abandonDecl();
  }
  auto fn = parseFunction(cls ? FuncKind::Method : FuncKind::Def, cls);
  if (fn) {
    fn->role = std::move(role);
    fn->roleLoc = roleLoc;
  }
  return fn;
}

std::unique_ptr<FuncDecl> Parser::parseCtor(ClassDecl *cls) {
  auto fn = std::make_unique<FuncDecl>(tok().loc, "ctor");
  fn->kind = FuncKind::Ctor;
  fn->parent = cls;
  fn->bufferID = bufferID;
  fn->returnTypeExpr.loc = tok().loc;
  fn->returnTypeExpr.name = "void";
  consume(); // ctor
  if (tok().isNot(Tok::l_paren)) {
    errorAtTok("expected '(' after 'ctor', found " + describeTok(tok()));
    return abandonDecl();
  }
  if (!parseParams(*fn))
    return abandonDecl();
  if (!parseBlock(fn->body))
    return nullptr;
  return fn;
}

std::unique_ptr<FuncDecl> Parser::parseMain() {
  auto fn = std::make_unique<FuncDecl>(tok().loc, "main");
  fn->kind = FuncKind::Main;
  fn->returnTypeExpr.name = "void";
  fn->returnTypeExpr.loc = tok().loc;
  fn->bufferID = bufferID;
  consume();
  if (!parseBlock(fn->body))
    return nullptr;
  return fn;
}

bool Parser::parseParams(FuncDecl &fn) {
  consume(); // (
  if (consumeIf(Tok::r_paren))
    return true;
  const VarDecl *firstDefault = nullptr;
  do {
    auto param = parseParam();
    if (!param)
      return false;
    if (param->init) {
      if (!firstDefault)
        firstDefault = param.get();
    } else if (firstDefault) {
      diag.error(param->loc, "parameter '" + param->name +
                                 "' needs a default value: parameters with "
                                 "defaults come last");
      diag.note(firstDefault->loc, "the first parameter with a default is "
                                   "here");
      return false;
    }
    fn.params.push_back(std::move(param));
  } while (consumeIf(Tok::comma));
  return expect(Tok::r_paren, "after the parameters");
}

/// A default value is a constant (§3.2): a literal, `nil`, `inf`, or a
/// negated numeric literal.
static bool isConstExpr(const Expr &e) {
  switch (e.getKind()) {
  case Expr::Kind::IntLit:
  case Expr::Kind::FloatLit:
  case Expr::Kind::StrLit:
  case Expr::Kind::CharLit:
  case Expr::Kind::BoolLit:
  case Expr::Kind::NilLit:
    return true;
  case Expr::Kind::Unary: {
    auto &u = llvm::cast<UnaryExpr>(e);
    return u.op == UnaryOp::Neg && (llvm::isa<IntLitExpr>(*u.operand) ||
                                    llvm::isa<FloatLitExpr>(*u.operand));
  }
  default:
    return false;
  }
}

std::unique_ptr<VarDecl> Parser::parseParam() {
  auto type = std::make_unique<TypeExpr>();
  // `i f s b t` abbreviate int, float, str, bool and tensor, in parameter
  // lists only (§3.2).
  if (tok().is(Tok::identifier) && tok().spelling.size() == 1 &&
      peek().is(Tok::identifier)) {
    llvm::StringRef full = llvm::StringSwitch<llvm::StringRef>(tok().spelling)
                               .Case("i", "int")
                               .Case("f", "float")
                               .Case("s", "str")
                               .Case("b", "bool")
                               .Case("t", "tensor")
                               .Default("");
    if (!full.empty()) {
      type->loc = tok().loc;
      type->name = full.str();
      consume();
    }
  }
  if (type->name.empty() && !parseType(*type, "for the parameter"))
    return nullptr;
  if (tok().isNot(Tok::identifier)) {
    errorAtTok("expected a parameter name, found " + describeTok(tok()));
    return nullptr;
  }
  auto param = std::make_unique<VarDecl>(tok().loc, tok().spelling.str());
  param->typeExpr = std::move(type);
  consume();
  if (consumeIf(Tok::equal)) {
    SMLoc valueLoc = tok().loc;
    param->init = parseExpr();
    if (!param->init)
      return nullptr;
    // `caller`: the call's source position (§3.2; Sema checks the type).
    if (!isConstExpr(*param->init) && !param->hasCallerDefault()) {
      diag.error(valueLoc, "the default value of '" + param->name +
                               "' must be a constant: a literal, 'nil', "
                               "'inf', a negated number, or 'caller'");
      return nullptr;
    }
  }
  return param;
}

bool Parser::parseCtimeParams(FuncDecl &fn) {
  consume(); // <
  do {
    if (tok().isNot(Tok::kw_int)) {
      errorAtTok("expected 'int' before a compile-time parameter, found " +
                 describeTok(tok()));
      return false;
    }
    consume();
    if (tok().isNot(Tok::identifier)) {
      errorAtTok("expected the name of a compile-time parameter, found " +
                 describeTok(tok()));
      return false;
    }
    fn.ctimeParams.push_back(tok().spelling.str());
    consume();
  } while (consumeIf(Tok::comma));
  return expect(Tok::greater, "to close the compile-time parameters");
}

//===----------------------------------------------------------------------===//
// proto and operation
//===----------------------------------------------------------------------===//

std::unique_ptr<FuncDecl> Parser::parseProto() {
  consume(); // proto
  TypeExpr ret;
  if (!parseType(ret, "or 'void' for the return value"))
    return abandonDecl();
  bool isSys = false;
  if (isIdent("sys") && peek().is(Tok::identifier)) {
    isSys = true;
    consume();
  }
  if (tok().isNot(Tok::identifier)) {
    errorAtTok("expected a function name, found " + describeTok(tok()));
    return abandonDecl();
  }
  auto fn = std::make_unique<FuncDecl>(tok().loc, tok().spelling.str());
  fn->kind = FuncKind::Proto;
  fn->isSys = isSys;
  fn->returnTypeExpr = std::move(ret);
  fn->bufferID = bufferID;
  consume();
  if (!expect(Tok::l_paren, "after the function name"))
    return abandonDecl();
  if (tok().isNot(Tok::r_paren)) {
    do {
      auto type = std::make_unique<TypeExpr>();
      if (!parseType(*type, "for the parameter"))
        return abandonDecl();
      if (tok().is(Tok::identifier)) {
        errorAtTok("a 'proto' lists only the parameter types, without "
                   "names");
        return abandonDecl();
      }
      auto param = std::make_unique<VarDecl>(type->loc, "");
      param->typeExpr = std::move(type);
      fn->params.push_back(std::move(param));
    } while (consumeIf(Tok::comma));
  }
  if (!expect(Tok::r_paren, "after the parameter types"))
    return abandonDecl();
  if (tok().isNot(Tok::newline)) {
    errorAtTok("expected the end of the line after the 'proto' declaration, "
               "found " +
               describeTok(tok()));
    return abandonDecl();
  }
  consume();
  if (tok().is(Tok::indent)) {
    errorAtTok("a 'proto' declaration has no body");
    recoverToLineEnd();
    return nullptr;
  }
  return fn;
}

std::unique_ptr<FuncDecl> Parser::parseOperation() {
  consume(); // operation
  TypeExpr ret;
  if (!parseType(ret, "for the result"))
    return abandonDecl();
  if (tok().isNot(Tok::identifier)) {
    errorAtTok("expected the operator's canonical name (such as "
               "'vec4_vec4_add'), found " +
               describeTok(tok()));
    return abandonDecl();
  }
  auto fn = std::make_unique<FuncDecl>(tok().loc, tok().spelling.str());
  fn->kind = FuncKind::Operation;
  fn->returnTypeExpr = std::move(ret);
  fn->bufferID = bufferID;
  consume();
  if (tok().isNot(Tok::newline)) {
    errorAtTok("expected the end of the line after the 'operation' "
               "declaration, found " +
               describeTok(tok()));
    return abandonDecl();
  }
  consume();
  if (tok().is(Tok::indent)) {
    errorAtTok("an 'operation' declaration has no body");
    recoverToLineEnd();
    return nullptr;
  }
  return fn;
}

//===----------------------------------------------------------------------===//
// class
//===----------------------------------------------------------------------===//

std::unique_ptr<ClassDecl> Parser::parseClass() {
  consume(); // class
  if (tok().isNot(Tok::identifier)) {
    errorAtTok("expected a class name after 'class', found " +
               describeTok(tok()));
    return abandonDecl();
  }
  auto cls = std::make_unique<ClassDecl>(tok().loc, tok().spelling.str());
  cls->bufferID = bufferID;
  consume();
  if (tok().isNot(Tok::newline)) {
    errorAtTok("expected the end of the line after the class name, found " +
               describeTok(tok()));
    return abandonDecl();
  }
  consume();
  if (tok().isNot(Tok::indent)) {
    diag.error(cls->loc, "class '" + cls->name +
                             "' is empty: a class needs an indented body "
                             "with at least one field or member");
    return nullptr;
  }
  consume();

  // Where the first constructor or method is, once there is one.
  SMLoc firstMember;
  while (tok().isNot(Tok::dedent) && tok().isNot(Tok::eof) &&
         !diag.reachedLimit()) {
    size_t start = pos;
    const Token &t = tok();
    if (t.is(Tok::indent)) {
      errorAtTok("unexpected indentation");
      recoverToLineEnd();
    } else if (t.is(Tok::kw_def) || t.is(Tok::at)) {
      SMLoc loc = t.loc;
      auto m = t.is(Tok::at) ? parseDecorated(cls.get())
                             : parseFunction(FuncKind::Method, cls.get());
      if (m)
        cls->methods.push_back(std::move(m));
      if (!firstMember.isValid())
        firstMember = loc;
    } else if (t.is(Tok::kw_ctor)) {
      SMLoc loc = t.loc;
      auto c = parseCtor(cls.get());
      if (c && cls->ctor) {
        diag.error(c->loc, "class '" + cls->name +
                               "' already has a constructor: a class has "
                               "at most one");
        diag.note(cls->ctor->loc, "the first constructor is here");
      } else if (c) {
        cls->ctor = std::move(c);
      }
      if (!firstMember.isValid())
        firstMember = loc;
    } else if (canStartType(t) &&
               (t.isNot(Tok::identifier) || peek().is(Tok::identifier) ||
                peek().isTypeKeyword() || peek().is(Tok::l_square))) {
      // A field line: TYPE a, b.
      SMLoc loc = t.loc;
      bool misplaced = firstMember.isValid();
      TypeExpr type;
      if (!parseType(type, "for the field")) {
        recoverToLineEnd();
        continue;
      }
      if (misplaced) {
        diag.error(loc, "fields come before the constructor and methods of "
                        "a class");
        diag.note(firstMember, "the first constructor or method is here");
        recoverToLineEnd();
        continue;
      }
      bool ok = true;
      do {
        // Member names are their own namespace: type keywords are fine.
        if (tok().isNot(Tok::identifier) && !tok().isTypeKeyword()) {
          errorAtTok("expected a field name, found " + describeTok(tok()));
          ok = false;
          break;
        }
        cls->fields.push_back(
            std::make_unique<FieldDecl>(tok().loc, tok().spelling.str(), type));
        consume();
      } while (consumeIf(Tok::comma));
      if (ok && tok().is(Tok::equal)) {
        errorAtTok("fields have no initializers: set them in the "
                   "constructor");
        ok = false;
      } else if (ok && tok().isNot(Tok::newline)) {
        errorAtTok("expected the end of the field declaration, found " +
                   describeTok(tok()));
        ok = false;
      }
      if (!ok)
        recoverToLineEnd();
      else
        consume(); // newline
    } else if (t.is(Tok::kw_gpu) || t.is(Tok::kw_kernel) ||
               t.is(Tok::kw_class) || t.is(Tok::kw_proto) ||
               t.is(Tok::kw_operation) || t.is(Tok::kw_main) ||
               t.is(Tok::kw_import)) {
      errorAtTok("'" + t.spelling +
                 "' declarations belong at the top level, not in the body "
                 "of a class");
      recoverToLineEnd();
    } else {
      errorAtTok("expected a field, 'ctor' or 'def' in the body of class '" +
                 cls->name + "', found " + describeTok(t) +
                 "; statements belong in a method or the constructor");
      recoverToLineEnd();
    }
    if (pos == start)
      consume();
  }
  consumeIf(Tok::dedent);
  return cls;
}
