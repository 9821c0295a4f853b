//===- neve-fuzz.cpp - libFuzzer target for the front end -----------------===//
//
// Feeds arbitrary bytes through the lexer, the parser and Sema, then prints
// the diagnostics in both formats and the AST. Any crash, hang, sanitizer
// report or broken invariant (unbalanced INDENT/DEDENT, an error without a
// diagnostic) is a bug. Built with clang-22 -fsanitize=fuzzer,address,undefined
// by the `neve-fuzz` target; `make test` runs it briefly on
// test/fuzz/corpus/frontend.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Lexer.h"
#include "neve/Frontend/Parser.h"
#include "neve/Frontend/Sema.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace neve;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);

  // Lexer invariant: INDENT and DEDENT balance, whatever the input.
  {
    llvm::SourceMgr sm;
    DiagEngine diag(sm);
    unsigned id = sm.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.nv"), llvm::SMLoc());
    int depth = 0;
    for (const Token &t : Lexer(sm, id, diag).lexAll()) {
      depth += t.is(Tok::indent) - t.is(Tok::dedent);
      if (depth < 0)
        abort();
    }
    if (depth != 0)
      abort();
  }

  // Parser and Sema: never crash; a failed parse always says why.
  llvm::SourceMgr sm;
  DiagEngine diag(sm);
  diag.setErrorLimit(50);
  unsigned id = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.nv"), llvm::SMLoc());
  Parser parser(sm, id, diag);
  Program program;
  program.modules.push_back(parser.parseModule());
  program.main = program.modules.back().get();
  if (!program.main)
    abort();
  TypeContext types;
  if (!diag.hadError())
    checkProgram(program, types, diag);
  std::string sink;
  llvm::raw_string_ostream os(sink);
  if (!diag.hadError())
    printAST(*program.main, sm, os);
  diag.print(os, DiagEngine::Format::Text);
  diag.print(os, DiagEngine::Format::Json);
  diag.verifyExpectations(os);
  return 0;
}
