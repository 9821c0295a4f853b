//===- ASTVisitorTest.cpp - The shared AST visitor and its depth limit ----===//
//
// ASTVisitor.h dispatches every node kind to its visit method and stops at
// kMaxExprDepth; exprDepth and destroyExpr handle trees of any depth without
// recursion. These trees are built directly, as no parser would let them
// through, so the visitor's own limit is what is tested.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/ASTVisitor.h"
#include "neve/Frontend/Sema.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace neve;

namespace {

/// `1 + 1 + … + 1` with `terms` terms: a left-deep chain.
ExprPtr chain(unsigned terms, llvm::SMLoc loc = llvm::SMLoc()) {
  ExprPtr e = std::make_unique<IntLitExpr>(loc, 1);
  for (unsigned i = 1; i < terms; ++i)
    e = std::make_unique<BinaryExpr>(loc, BinaryOp::Add, std::move(e),
                                     std::make_unique<IntLitExpr>(loc, 1));
  return e;
}

/// Counts what it visits; the defaults walk the children.
struct Counter : ExprVisitor<Counter, /*Const=*/true, void> {
  unsigned literals = 0, binaries = 0, tooDeep = 0, firstTooDeep = 0;
  void visitIntLitExpr(const IntLitExpr &) { ++literals; }
  void visitBinaryExpr(const BinaryExpr &e) {
    ++binaries;
    visitExprDefault(e);
  }
  void exprTooDeep(const Expr &, bool first) {
    ++tooDeep;
    firstTooDeep += first;
  }
};

TEST(ASTVisitorTest, DispatchesEveryKindAndWalksChildren) {
  ExprPtr e = chain(10);
  Counter c;
  c.visitExpr(*e);
  EXPECT_EQ(c.binaries, 9u);
  EXPECT_EQ(c.literals, 10u);
  EXPECT_EQ(c.tooDeep, 0u);
  EXPECT_EQ(exprDepth(*e), 10u);
}

TEST(ASTVisitorTest, StopsAtTheDepthLimit) {
  // Deeper than any stack would allow without the limit's protection in a
  // walker with large frames.
  ExprPtr e = chain(5 * kMaxExprDepth);
  Counter c;
  c.visitExpr(*e);
  // The binary nodes at depths 1 .. kMaxExprDepth are visited with the
  // right operands at depths 2 .. kMaxExprDepth; the two operands of the
  // deepest visited node are past the limit, and only the first of them
  // is reported as the first.
  EXPECT_EQ(c.binaries, kMaxExprDepth);
  EXPECT_EQ(c.literals, kMaxExprDepth - 1);
  EXPECT_EQ(c.tooDeep, 2u);
  EXPECT_EQ(c.firstTooDeep, 1u);
  EXPECT_EQ(c.currentExprDepth(), 0u);
}

TEST(ASTVisitorTest, DepthAndDestructionNeedNoRecursion) {
  // A million levels: recursive destruction would overflow the stack.
  ExprPtr e = std::make_unique<IntLitExpr>(llvm::SMLoc(), 7);
  for (unsigned i = 0; i < 1000000; ++i)
    e = std::make_unique<UnaryExpr>(llvm::SMLoc(), UnaryOp::Neg, std::move(e));
  EXPECT_EQ(exprDepth(*e), 1000001u);
  destroyExpr(std::move(e));
  EXPECT_EQ(e, nullptr);
}

TEST(ASTVisitorTest, SemaReportsTheLimitWithALocation) {
  llvm::SourceMgr sm;
  const char *text = "main\n    1\n";
  unsigned id = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "deep.nv"), llvm::SMLoc());
  llvm::SMLoc at = llvm::SMLoc::getFromPointer(
      sm.getMemoryBuffer(id)->getBufferStart() + 9);
  auto module = std::make_unique<Module>();
  module->fileName = "deep.nv";
  module->bufferID = id;
  auto main = std::make_unique<FuncDecl>(
      llvm::SMLoc::getFromPointer(sm.getMemoryBuffer(id)->getBufferStart()),
      "main");
  main->kind = FuncKind::Main;
  main->bufferID = id;
  main->body.push_back(
      std::make_unique<ExprStmt>(at, chain(3 * kMaxExprDepth, at)));
  module->main = main.get();
  module->funcs.push_back(std::move(main));
  Program program;
  program.main = module.get();
  program.modules.push_back(std::move(module));
  TypeContext types;
  DiagEngine diag(sm);
  EXPECT_FALSE(checkProgram(program, types, diag));
  ASSERT_GE(diag.diagnostics().size(), 1u);
  const Diagnostic &d = diag.diagnostics()[0];
  EXPECT_NE(d.message.find("nested too deeply (more than 1000 levels)"),
            std::string::npos)
      << d.message;
  LineCol lc = diag.resolve(d.loc);
  EXPECT_EQ(lc.line, 2u);
  EXPECT_EQ(lc.column, 5u);
  // The tree is still destroyed without recursion.
  destroyExpr(std::move(
      llvm::cast<ExprStmt>(*program.main->funcs[0]->body[0]).expr));
}

} // namespace
