//===- Parser.cpp - Neve parser: token stream and top level ---------------===//
//
// The token stream, error recovery, and the top level of a file (spec §2.2):
// imports, classes, functions, gpu functions, kernels, protos, operations
// and the main block.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Parser.h"

using namespace neve;
using llvm::SMLoc;

/// Nesting beyond this (parentheses, unary operators, types, blocks) is
/// reported instead of risking the stack.
static constexpr unsigned kMaxDepth = 200;

Parser::Parser(llvm::SourceMgr &sm, unsigned bufferID, DiagEngine &diag)
    : sm(sm), bufferID(bufferID), diag(diag) {
  Lexer lexer(sm, bufferID, diag);
  tokens = lexer.lexAll();
  if (tokens.empty() || tokens.back().isNot(Tok::eof))
    tokens.push_back(Token{});
}

//===----------------------------------------------------------------------===//
// Token stream
//===----------------------------------------------------------------------===//

const Token &Parser::peek(unsigned n) const { return at(pos + n); }

const Token &Parser::at(size_t i) const {
  return tokens[std::min(i, tokens.size() - 1)];
}

bool Parser::consumeIf(Tok kind) {
  if (tok().isNot(kind))
    return false;
  consume();
  return true;
}

llvm::SMLoc Parser::prevEnd() const {
  // NEWLINE, INDENT and DEDENT have no text.
  for (size_t i = pos; i > 0; --i)
    if (!tokens[i - 1].spelling.empty())
      return tokens[i - 1].endLoc();
  return tok().loc;
}

std::string Parser::describeTok(const Token &t) {
  if (t.is(Tok::reserved))
    return ("reserved word '" + t.spelling + "'").str();
  return describe(t.kind).str();
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
             describeTok(tok()));
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

size_t Parser::lineEnd(size_t i) const {
  while (i < tokens.size() && tokens[i].isNot(Tok::newline) &&
         tokens[i].isNot(Tok::eof))
    ++i;
  return std::min(i, tokens.size() - 1);
}

size_t Parser::matchingClose(size_t open) const {
  unsigned nesting = 0;
  for (size_t i = open; i < tokens.size(); ++i) {
    switch (tokens[i].kind) {
    case Tok::l_paren:
    case Tok::l_square:
    case Tok::l_brace:
      ++nesting;
      break;
    case Tok::r_paren:
    case Tok::r_square:
    case Tok::r_brace:
      if (--nesting == 0)
        return i;
      break;
    case Tok::newline:
    case Tok::eof:
      return std::string::npos;
    default:
      break;
    }
  }
  return std::string::npos;
}

bool Parser::DepthGuard::ok() {
  if (p.depth <= kMaxDepth)
    return true;
  if (!p.reportedDepth) {
    p.reportedDepth = true;
    p.errorAtTok("the program is nested too deeply");
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Top level
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseModule() {
  auto module = std::make_unique<Module>();
  module->fileName = sm.getMemoryBuffer(bufferID)->getBufferIdentifier().str();
  module->bufferID = bufferID;
  while (tok().isNot(Tok::eof) && !diag.reachedLimit()) {
    size_t start = pos;
    switch (tok().kind) {
    case Tok::kw_import:
      if (auto imp = parseImport())
        module->imports.push_back(std::move(imp));
      break;
    case Tok::kw_class:
      if (auto cls = parseClass())
        module->classes.push_back(std::move(cls));
      break;
    case Tok::kw_def:
      if (auto fn = parseFunction(FuncKind::Def, nullptr))
        module->funcs.push_back(std::move(fn));
      break;
    case Tok::at:
      if (auto fn = parseDecorated(nullptr))
        module->funcs.push_back(std::move(fn));
      break;
    case Tok::kw_gpu:
      if (auto fn = parseFunction(FuncKind::Gpu, nullptr))
        module->funcs.push_back(std::move(fn));
      break;
    case Tok::kw_kernel:
      if (auto fn = parseFunction(FuncKind::Kernel, nullptr))
        module->funcs.push_back(std::move(fn));
      break;
    case Tok::kw_proto:
      if (auto fn = parseProto())
        module->funcs.push_back(std::move(fn));
      break;
    case Tok::kw_operation:
      if (auto fn = parseOperation())
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
    case Tok::dedent:
      consume();
      break;
    case Tok::indent:
      errorAtTok("unexpected indentation");
      recoverToLineEnd();
      break;
    case Tok::kw_ctor:
      errorAtTok("a constructor belongs in the body of a class");
      recoverToLineEnd();
      break;
    default:
      errorAtTok("expected a declaration ('def', 'main', ...) at top level, "
                 "found " +
                 describeTok(tok()) +
                 "; loose statements belong in 'main' or a function");
      recoverToLineEnd();
      break;
    }
    // Whatever happened, move on.
    if (pos == start)
      consume();
  }
  return module;
}
