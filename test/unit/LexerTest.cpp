//===- LexerTest.cpp - Tests for the Neve lexer -----------------*- C++ -*-===//
//
// Spec §1: indentation markers, literals and escapes, maximal munch,
// keywords, error recovery and locations, and robustness on random input.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Lexer.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <memory>
#include <random>
#include <sstream>

using namespace neve;
using llvm::StringRef;

namespace neve {
// Lets GoogleTest print token kinds readably.
void PrintTo(Tok kind, std::ostream *os) { *os << describe(kind).str(); }
} // namespace neve

namespace {

std::string escape(StringRef s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '\n':
      out += "\\n";
      break;
    case '\t':
      out += "\\t";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\0':
      out += "\\0";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// One word per token: markers in capitals, literals with their values.
std::string summarize(const std::vector<Token> &tokens) {
  std::ostringstream os;
  for (const Token &t : tokens) {
    if (&t != &tokens.front())
      os << ' ';
    switch (t.kind) {
    case Tok::eof:
      os << "EOF";
      break;
    case Tok::error:
      os << "ERR";
      break;
    case Tok::newline:
      os << "NL";
      break;
    case Tok::indent:
      os << "INDENT";
      break;
    case Tok::dedent:
      os << "DEDENT";
      break;
    case Tok::identifier:
      os << t.spelling.str();
      break;
    case Tok::integer:
      os << "int:" << t.intValue;
      break;
    case Tok::floating:
      os << "float:" << t.floatValue;
      break;
    case Tok::string:
      os << "str:" << escape(t.strValue);
      break;
    case Tok::character:
      os << "chr:" << escape(t.strValue);
      break;
    case Tok::reserved:
      os << "rsv:" << t.spelling.str();
      break;
    default:
      if (t.isKeyword() || t.isTypeKeyword())
        os << "kw:" << t.spelling.str();
      else
        os << t.spelling.str();
    }
  }
  return os.str();
}

class LexerTest : public ::testing::Test {
protected:
  std::vector<Token> lex(StringRef src) {
    unsigned id = sm.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(src, "test.nv"), llvm::SMLoc());
    Lexer lexer(sm, id, diag);
    return lexer.lexAll();
  }
  std::string summary(StringRef src) { return summarize(lex(src)); }

  /// "line:col: message" for every diagnostic, one per line.
  std::string diags() const {
    std::string out;
    for (const Diagnostic &d : diag.diagnostics()) {
      LineCol pos = diag.resolve(d.loc);
      out += std::to_string(pos.line) + ":" + std::to_string(pos.column) +
             ": " + d.message + "\n";
    }
    return out;
  }
  LineCol pos(const Token &t) const { return diag.resolve(t.loc); }

  llvm::SourceMgr sm;
  DiagEngine diag{sm};
};

//===----------------------------------------------------------------------===//
// Indentation
//===----------------------------------------------------------------------===//

TEST_F(LexerTest, SimpleBlock) {
  EXPECT_EQ(summary("if x\n    y\nz\n"),
            "kw:if x NL INDENT y NL DEDENT z NL EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, EmptyAndCommentOnlyFiles) {
  EXPECT_EQ(summary(""), "EOF");
  EXPECT_EQ(summary("\n\n  \n"), "EOF");
  EXPECT_EQ(summary("# only a comment"), "EOF");
  EXPECT_EQ(summary("    # indented comment\n\t\n"), "EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, TabsAndSpacesAreAdditive) {
  // Spec §1.2's example: a tab and four spaces are the same level.
  EXPECT_EQ(summary("def int f()\n"
                    "\tint s = 1\n"
                    "    if s\n"
                    "        s = 2\n"
                    "\treturn s\n"),
            "kw:def kw:int f ( ) NL INDENT kw:int s = int:1 NL kw:if s NL "
            "INDENT s = int:2 NL DEDENT kw:return s NL DEDENT EOF");
  // A tab and two spaces give 6 in either order.
  EXPECT_EQ(summary("a\n\t  b\n  \tc\n      d\n"),
            "a NL INDENT b NL c NL d NL DEDENT EOF");
  // Two tabs (8) are deeper than one tab plus three spaces (7).
  EXPECT_EQ(summary("a\n\t   b\n\t\tc\n"),
            "a NL INDENT b NL INDENT c NL DEDENT DEDENT EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, NestedBlocksDedentSeveralLevels) {
  EXPECT_EQ(summary("a\n b\n  c\n   d\ne\n"),
            "a NL INDENT b NL INDENT c NL INDENT d NL DEDENT DEDENT DEDENT e "
            "NL EOF");
  EXPECT_EQ(summary("a\n    b\n        c\n    d\n"),
            "a NL INDENT b NL INDENT c NL DEDENT d NL DEDENT EOF");
  EXPECT_EQ(summary("a\n  b\n    c\n      d\n  e\n"),
            "a NL INDENT b NL INDENT c NL INDENT d NL DEDENT DEDENT e NL "
            "DEDENT EOF");
}

TEST_F(LexerTest, DedentsAtEndOfFile) {
  EXPECT_EQ(summary("a\n  b\n    c\n"),
            "a NL INDENT b NL INDENT c NL DEDENT DEDENT EOF");
  // No final line end: NEWLINE first, then DEDENTs.
  EXPECT_EQ(summary("a\n  b\n    c"),
            "a NL INDENT b NL INDENT c NL DEDENT DEDENT EOF");
  // Trailing blank, indented lines do not matter.
  EXPECT_EQ(summary("a\n  b\n      \n  # x"), "a NL INDENT b NL DEDENT EOF");
}

TEST_F(LexerTest, InconsistentDedent) {
  std::vector<Token> toks = lex("a\n    b\n  c\n  d\ne\n");
  EXPECT_EQ(summarize(toks), "a NL INDENT b NL DEDENT ERR c NL d NL e NL EOF");
  // Reported once, at the first token of the offending line.
  EXPECT_EQ(diags(), "3:3: inconsistent dedent\n");
  EXPECT_EQ(diag.numErrors(), 1u);
  ASSERT_EQ(toks[6].kind, Tok::error);
  EXPECT_EQ(pos(toks[6]).line, 3u);
  EXPECT_EQ(pos(toks[6]).column, 3u);
  EXPECT_TRUE(toks[6].spelling.empty());
}

TEST_F(LexerTest, InconsistentDedentRecoveryNests) {
  // After the error, width 2 acts as a level: deeper lines indent from it.
  EXPECT_EQ(summary("a\n    b\n  c\n    d\n  e\n"),
            "a NL INDENT b NL DEDENT ERR c NL INDENT d NL DEDENT e NL EOF");
  EXPECT_EQ(diags(), "3:3: inconsistent dedent\n");
}

TEST_F(LexerTest, BlankLinesAndCommentsAtAnyIndentation) {
  EXPECT_EQ(summary("a\n"
                    "    b\n"
                    "\n"
                    "        \n"
                    "  # shallow comment\n"
                    "\t\t\t# deep comment\n"
                    "# column-0 comment\n"
                    "    c  # trailing\n"
                    "\n"),
            "a NL INDENT b NL c NL DEDENT EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, BracketsSpanLines) {
  EXPECT_EQ(summary("f(a,\n      b,\n  c)\nd\n"),
            "f ( a , b , c ) NL d NL EOF");
  // Comments and blank lines inside brackets; nesting of all three kinds.
  EXPECT_EQ(summary("x = [1, # one\n\n  {2: (3,\n4)}]\ny\n"),
            "x = [ int:1 , { int:2 : ( int:3 , int:4 ) } ] NL y NL EOF");
  // The width of a logical line is that of its first physical line.
  EXPECT_EQ(summary("if x\n    y = [1,\n2]\n    z\n"),
            "kw:if x NL INDENT y = [ int:1 , int:2 ] NL z NL DEDENT EOF");
  // Unclosed at EOF: the line still ends.
  EXPECT_EQ(summary("f(a,\n  b"), "f ( a , b NL EOF");
  // Stray closers do not make the depth negative.
  EXPECT_EQ(summary(")\na\n"), ") NL a NL EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, CarriageReturnBeforeLineFeedIsIgnored) {
  EXPECT_EQ(summary("a\r\n    b\r\n\r\n  \r\nc # x\r\n"),
            "a NL INDENT b NL DEDENT c NL EOF");
  EXPECT_EQ(summary("f(1,\r\n2)\r\n"), "f ( int:1 , int:2 ) NL EOF");
  // A lone CR is not a line end.
  EXPECT_EQ(summary("a\rb\n"), "a ERR b NL EOF");
  EXPECT_EQ(diags(), "1:2: unexpected character '\\x0D'\n");
}

TEST_F(LexerTest, MarkerLocationsAndSpellings) {
  std::vector<Token> toks = lex("ab  \n  cd # c\n");
  ASSERT_EQ(summarize(toks), "ab NL INDENT cd NL DEDENT EOF");
  // NEWLINE: at the end of the line.
  EXPECT_EQ(pos(toks[1]).line, 1u);
  EXPECT_EQ(pos(toks[1]).column, 5u);
  // INDENT: at the first token of its line.
  EXPECT_EQ(pos(toks[2]).line, 2u);
  EXPECT_EQ(pos(toks[2]).column, 3u);
  EXPECT_EQ(pos(toks[3]).column, 3u);
  EXPECT_EQ(toks[3].spelling, "cd");
  EXPECT_EQ(pos(toks[4]).line, 2u);
  EXPECT_EQ(pos(toks[4]).column, 9u);
  for (size_t i : {1, 2, 4, 5, 6})
    EXPECT_TRUE(toks[i].spelling.empty()) << i;
  // DEDENT and EOF at the end of the buffer.
  EXPECT_EQ(pos(toks[5]).line, 3u);
  EXPECT_EQ(pos(toks[5]).column, 1u);
  EXPECT_EQ(toks[6].loc.getPointer(), toks[5].loc.getPointer());
}

TEST_F(LexerTest, DedentLocatedAtFirstTokenOfLine) {
  std::vector<Token> toks = lex("a\n  b\n    c\nd");
  ASSERT_EQ(summarize(toks),
            "a NL INDENT b NL INDENT c NL DEDENT DEDENT d NL EOF");
  for (size_t i : {8, 9}) {
    EXPECT_EQ(pos(toks[i]).line, 4u);
    EXPECT_EQ(pos(toks[i]).column, 1u);
  }
  // The NEWLINE synthesised at EOF is at the end of the buffer.
  EXPECT_EQ(pos(toks[11]).line, 4u);
  EXPECT_EQ(pos(toks[11]).column, 2u);
}

TEST_F(LexerTest, LexKeepsReturningEof) {
  unsigned id = sm.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy("x\n  y", "t.nv"), llvm::SMLoc());
  Lexer lexer(sm, id, diag);
  EXPECT_EQ(lexer.getBufferID(), id);
  std::vector<Tok> kinds;
  for (int i = 0; i < 9; ++i)
    kinds.push_back(lexer.lex().kind);
  EXPECT_EQ(kinds, (std::vector<Tok>{Tok::identifier, Tok::newline, Tok::indent,
                                     Tok::identifier, Tok::newline, Tok::dedent,
                                     Tok::eof, Tok::eof, Tok::eof}));
}

TEST_F(LexerTest, ByteOrderMarkIsSkipped) {
  EXPECT_EQ(summary("\xEF\xBB\xBFx\n"), "x NL EOF");
  EXPECT_EQ(diags(), "");
}

//===----------------------------------------------------------------------===//
// Literals
//===----------------------------------------------------------------------===//

TEST_F(LexerTest, IntegerLiterals) {
  std::vector<Token> toks = lex("0 42 007 0x1F 0xff 0xDEADbeef "
                                "18446744073709551615 0xFFFFFFFFFFFFFFFF");
  ASSERT_EQ(toks.size(), 10u);
  std::vector<uint64_t> expected = {0,     42,   7, 31, 255, 0xDEADBEEFull,
                                    ~0ull, ~0ull};
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(toks[i].kind, Tok::integer) << i;
    EXPECT_EQ(toks[i].intValue, expected[i]) << i;
  }
  EXPECT_EQ(toks[3].spelling, "0x1F");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, IntegerOutOfRange) {
  EXPECT_EQ(summary("a = 18446744073709551616\nb = 0x10000000000000000\n"),
            "a = ERR NL b = ERR NL EOF");
  EXPECT_EQ(diags(), "1:5: integer literal is too large\n"
                     "2:5: integer literal is too large\n");
}

TEST_F(LexerTest, FloatLiterals) {
  std::vector<Token> toks = lex("1.5 0.25 1e5 2.5e-3 3e+2 10.0e1 0.1");
  ASSERT_EQ(toks.size(), 9u);
  std::vector<double> expected = {1.5, 0.25, 1e5, 2.5e-3, 300.0, 100.0, 0.1};
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(toks[i].kind, Tok::floating) << i;
    EXPECT_EQ(toks[i].floatValue, expected[i]) << i;
  }
  EXPECT_EQ(toks[3].spelling, "2.5e-3");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, PeriodsThatAreNotFloats) {
  EXPECT_EQ(summary("0..n"), "int:0 .. n NL EOF");
  EXPECT_EQ(summary("[0..10, 1..m]"),
            "[ int:0 .. int:10 , int:1 .. m ] NL EOF");
  EXPECT_EQ(summary("1."), "int:1 . NL EOF");
  EXPECT_EQ(summary("x.1"), "x . int:1 NL EOF");
  EXPECT_EQ(summary(".5"), ". int:5 NL EOF");
  EXPECT_EQ(summary("a...b"), "a .. . b NL EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, MalformedNumbers) {
  EXPECT_EQ(summary("12ab + 1E5 + 0x + 0xg + 1e + 2.5e-"),
            "ERR + ERR + ERR + ERR + ERR + ERR - NL EOF");
  EXPECT_EQ(diags(), "1:3: invalid suffix 'ab' on numeric literal\n"
                     "1:9: invalid suffix 'E5' on numeric literal\n"
                     "1:14: expected hexadecimal digits after '0x'\n"
                     "1:21: invalid suffix 'g' on numeric literal\n"
                     "1:26: invalid suffix 'e' on numeric literal\n"
                     "1:33: invalid suffix 'e' on numeric literal\n");
}

TEST_F(LexerTest, FloatOutOfRange) {
  EXPECT_EQ(summary("1e999"), "ERR NL EOF");
  EXPECT_EQ(diags(), "1:1: floating-point literal is too large\n");
}

TEST_F(LexerTest, StringAndCharacterLiterals) {
  EXPECT_EQ(summary(R"("hello" 'x' 'ab' '' "" "y" 'é' "a b")"),
            "str:hello chr:x str:ab str: str: str:y str:é str:a b NL EOF");
  std::vector<Token> toks = lex("s = 'q'");
  ASSERT_EQ(toks[2].kind, Tok::character);
  EXPECT_EQ(toks[2].strValue, "q");
  EXPECT_EQ(toks[2].spelling, "'q'");
  EXPECT_EQ(pos(toks[2]).column, 5u);
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, EveryEscape) {
  std::vector<Token> toks = lex(R"("\n\t\r\0\\\"\'" '\n' '\\' '\'' '\"' '\0')");
  ASSERT_EQ(toks.size(), 8u);
  EXPECT_EQ(toks[0].kind, Tok::string);
  EXPECT_EQ(toks[0].strValue, std::string("\n\t\r\0\\\"'", 7));
  const char singles[] = {'\n', '\\', '\'', '"', '\0'};
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(toks[i + 1].kind, Tok::character) << i;
    EXPECT_EQ(toks[i + 1].strValue, std::string(1, singles[i])) << i;
  }
  // An escape counts as one character; two make a string.
  EXPECT_EQ(summary(R"('\n\n' '\'x')"), "str:\\n\\n str:'x NL EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, UnknownEscape) {
  EXPECT_EQ(summary(R"(a = "x\qy" + '\a' + "ok")"),
            "a = ERR + ERR + str:ok NL EOF");
  EXPECT_EQ(diags(), "1:7: unknown escape '\\q' in literal\n"
                     "1:15: unknown escape '\\a' in literal\n");
}

TEST_F(LexerTest, UnterminatedLiterals) {
  EXPECT_EQ(summary("a = \"abc\nb = 'x\nc = \"d\\\ne = \"\\\"\n  f 'g"),
            "a = ERR NL b = ERR NL c = ERR NL e = ERR NL INDENT f ERR NL "
            "DEDENT EOF");
  EXPECT_EQ(diags(), "1:5: unterminated string literal\n"
                     "2:5: unterminated string literal\n"
                     "3:5: unterminated string literal\n"
                     "4:5: unterminated string literal\n"
                     "5:5: unterminated string literal\n");
}

TEST_F(LexerTest, HashInsideLiteralIsNotAComment) {
  EXPECT_EQ(summary("\"a#b\" '#' # real comment 'x\n"), "str:a#b chr:# NL EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, NonAsciiOnlyInCommentsAndLiterals) {
  EXPECT_EQ(summary("s = \"日本\" # ünïcödé\n"), "s = str:日本 NL EOF");
  EXPECT_EQ(diags(), "");
  EXPECT_EQ(summary("a é b\n"), "a ERR b NL EOF");
  EXPECT_EQ(diags(), "1:3: non-ASCII character outside a comment or literal\n");
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

TEST_F(LexerTest, EveryOperator) {
  std::vector<Token> toks =
      lex("( ) [ ] { } , . .. : $ = += -= *= /= <- == != < > <= >= + - * / "
          "// /| % @ ! | <| |>");
  std::vector<Tok> kinds;
  for (const Token &t : toks)
    kinds.push_back(t.kind);
  EXPECT_EQ(
      kinds,
      (std::vector<Tok>{
          Tok::l_paren,   Tok::r_paren,    Tok::l_square,     Tok::r_square,
          Tok::l_brace,   Tok::r_brace,    Tok::comma,        Tok::period,
          Tok::dotdot,    Tok::colon,      Tok::dollar,       Tok::equal,
          Tok::plusequal, Tok::minusequal, Tok::starequal,    Tok::slashequal,
          Tok::larrow,    Tok::equalequal, Tok::notequal,     Tok::less,
          Tok::greater,   Tok::lessequal,  Tok::greaterequal, Tok::plus,
          Tok::minus,     Tok::star,       Tok::slash,        Tok::slashslash,
          Tok::slashpipe, Tok::percent,    Tok::at,           Tok::bang,
          Tok::pipe,      Tok::shl,        Tok::shr,          Tok::newline,
          Tok::eof}));
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, MaximalMunch) {
  EXPECT_EQ(summary("a<-1"), "a <- int:1 NL EOF");
  EXPECT_EQ(summary("a < -1"), "a < - int:1 NL EOF");
  EXPECT_EQ(summary("x//y // not a comment"),
            "x // y // kw:not a comment NL EOF");
  EXPECT_EQ(summary("!!x"), "! ! x NL EOF");
  EXPECT_EQ(summary("a!=b==c===d"), "a != b == c == = d NL EOF");
  EXPECT_EQ(summary("a/|b/=c/d"), "a /| b /= c / d NL EOF");
  EXPECT_EQ(summary("a<|b|>c|d"), "a <| b |> c | d NL EOF");
  EXPECT_EQ(summary("a<=b>=c<d>e"), "a <= b >= c < d > e NL EOF");
  EXPECT_EQ(summary("a+=1-=2*=3"), "a += int:1 -= int:2 *= int:3 NL EOF");
  EXPECT_EQ(summary("//=|||>"), "// = | | |> NL EOF");
  EXPECT_EQ(summary("$C.f@g"), "$ C . f @ g NL EOF");
  EXPECT_EQ(diags(), "");
}

TEST_F(LexerTest, UnexpectedCharacters) {
  std::vector<Token> toks = lex("a ? b;c\n  `\n");
  EXPECT_EQ(summarize(toks), "a ERR b ERR c NL INDENT ERR NL DEDENT EOF");
  EXPECT_EQ(diags(), "1:3: unexpected character '?'\n"
                     "1:6: unexpected character ';'\n"
                     "2:3: unexpected character '`'\n");
  EXPECT_EQ(toks[1].spelling, "?");
  EXPECT_EQ(diag.numErrors(), 3u);
}

TEST_F(LexerTest, EmbeddedNul) {
  EXPECT_EQ(summary(StringRef("a\0b\n\"x\0y\"", 9)),
            std::string("a ERR b NL str:x\\0y NL EOF"));
  EXPECT_EQ(diags(), "1:2: unexpected character '\\x00'\n");
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

TEST_F(LexerTest, EveryKeyword) {
  struct Entry {
    const char *spelling;
    Tok kind;
    bool isType;
  };
  const Entry entries[] = {
#define TOK_KEYWORD(S) {#S, Tok::kw_##S, false},
#define TOK_TYPE_KEYWORD(S) {#S, Tok::kw_##S, true},
#include "neve/Frontend/TokenKinds.def"
  };
  EXPECT_EQ(std::size(entries), 54u);
  for (const Entry &e : entries) {
    std::vector<Token> toks = lex(e.spelling);
    ASSERT_EQ(toks.size(), 3u) << e.spelling;
    EXPECT_EQ(toks[0].kind, e.kind) << e.spelling;
    EXPECT_EQ(toks[0].spelling, e.spelling);
    EXPECT_EQ(toks[0].isKeyword(), !e.isType) << e.spelling;
    EXPECT_EQ(toks[0].isTypeKeyword(), e.isType) << e.spelling;
    EXPECT_EQ(describe(e.kind), "'" + std::string(e.spelling) + "'");
  }
  EXPECT_EQ(lex("while")[0].kind, Tok::kw_while);
  EXPECT_EQ(lex("Function")[0].kind, Tok::kw_Function);
  EXPECT_EQ(lex("i64")[0].kind, Tok::kw_i64);
}

TEST_F(LexerTest, ReservedWords) {
  for (const char *word :
       {"as", "binary", "extern", "filter", "global", "lut_hi", "lut_lo",
        "mapit", "no_grad", "spawn", "then", "unary", "unlock"}) {
    std::vector<Token> toks = lex(word);
    EXPECT_EQ(toks[0].kind, Tok::reserved) << word;
    EXPECT_EQ(toks[0].spelling, word);
    EXPECT_FALSE(toks[0].isKeyword());
  }
}

TEST_F(LexerTest, ContextualWordsAndIdentifiers) {
  std::vector<Token> toks =
      lex("sys smem default i f s b t smem_size _x a1_B2 While INT i32 "
          "spawned as_ vec tensor half_");
  ASSERT_EQ(toks.size(), 21u);
  for (size_t i = 0; i + 2 < toks.size(); ++i) {
    EXPECT_EQ(toks[i].kind, Tok::identifier) << toks[i].spelling.str();
    EXPECT_FALSE(toks[i].isKeyword());
    EXPECT_FALSE(toks[i].isTypeKeyword());
  }
  EXPECT_EQ(toks[10].spelling, "a1_B2");
  EXPECT_EQ(summary("1abc"), "ERR NL EOF");
}

TEST_F(LexerTest, Describe) {
  EXPECT_EQ(describe(Tok::identifier), "identifier");
  EXPECT_EQ(describe(Tok::integer), "integer literal");
  EXPECT_EQ(describe(Tok::floating), "floating-point literal");
  EXPECT_EQ(describe(Tok::string), "string literal");
  EXPECT_EQ(describe(Tok::character), "character literal");
  EXPECT_EQ(describe(Tok::kw_while), "'while'");
  EXPECT_EQ(describe(Tok::kw_bf16), "'bf16'");
  EXPECT_EQ(describe(Tok::plusequal), "'+='");
  EXPECT_EQ(describe(Tok::slashpipe), "'/|'");
  EXPECT_EQ(describe(Tok::larrow), "'<-'");
  EXPECT_EQ(describe(Tok::newline), "end of line");
  EXPECT_EQ(describe(Tok::indent), "indentation");
  EXPECT_EQ(describe(Tok::dedent), "dedent");
  EXPECT_EQ(describe(Tok::eof), "end of file");
  EXPECT_EQ(describe(Tok::reserved), "reserved word");
  EXPECT_EQ(describe(Tok::error), "invalid token");
}

TEST_F(LexerTest, TokenEndLoc) {
  std::vector<Token> toks = lex("abc += 0x10");
  EXPECT_EQ(toks[0].endLoc().getPointer(), toks[0].loc.getPointer() + 3);
  EXPECT_EQ(toks[1].spelling, "+=");
  EXPECT_EQ(toks[2].endLoc().getPointer() - toks[2].loc.getPointer(), 4);
}

//===----------------------------------------------------------------------===//
// Robustness
//===----------------------------------------------------------------------===//

TEST_F(LexerTest, RandomInputNeverBreaksInvariants) {
  const char alphabet[] = {' ',  ' ',  ' ',    '\t',   '\n',   '\n', '\r', '#',
                           '"',  '\'', '\\',   '(',    ')',    '[',  ']',  '{',
                           '}',  '.',  '0',    '1',    '9',    'x',  'e',  'a',
                           '_',  '-',  '+',    '<',    '|',    '/',  '=',  '!',
                           '\0', '`',  '\xC3', '\xA9', '\xFF', 'n',  'i',  'f'};
  std::mt19937 rng(12345);
  for (int iter = 0; iter < 5000; ++iter) {
    std::string src(rng() % 48, ' ');
    for (char &c : src)
      c = alphabet[rng() % sizeof(alphabet)];
    // An exact-size copy with no terminator, so that a sanitizer build
    // catches any read past the end.
    std::unique_ptr<char[]> bytes(new char[src.size()]);
    std::copy(src.begin(), src.end(), bytes.get());
    llvm::SourceMgr localSM;
    DiagEngine localDiag(localSM);
    unsigned id = localSM.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(StringRef(bytes.get(), src.size()),
                                         "fuzz.nv",
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    Lexer lexer(localSM, id, localDiag);
    const char *begin = localSM.getMemoryBuffer(id)->getBufferStart();
    const char *end = localSM.getMemoryBuffer(id)->getBufferEnd();
    int depth = 0;
    const char *last = begin;
    size_t count = 0;
    Token tok;
    do {
      tok = lexer.lex();
      ASSERT_LT(++count, 4 * src.size() + 8) << escape(src);
      ASSERT_GE(tok.loc.getPointer(), begin);
      ASSERT_LE(tok.endLoc().getPointer(), end);
      ASSERT_GE(tok.loc.getPointer(), last) << escape(src);
      last = tok.loc.getPointer();
      depth += tok.is(Tok::indent) - tok.is(Tok::dedent);
      ASSERT_GE(depth, 0) << escape(src);
    } while (tok.isNot(Tok::eof));
    EXPECT_EQ(depth, 0) << escape(src);
    EXPECT_EQ(lexer.lex().kind, Tok::eof);
  }
}

} // namespace
