//===- DiagnosticsTest.cpp - Tests for DiagEngine ---------------*- C++ -*-===//
//
// Recording and limits, location resolution, text and JSON output, and the
// `expected-*` verifier.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Diagnostics.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

#include <nlohmann/json.hpp>

#include <cstdlib>

using namespace neve;
using llvm::SMLoc;
using llvm::StringRef;

namespace {

class DiagnosticsTest : public ::testing::Test {
protected:
  unsigned addBuffer(StringRef src, StringRef name = "f.nv") {
    return sm.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(src, name), SMLoc());
  }
  /// The location of the `n`-th (0-based) occurrence of `needle` in buffer
  /// `id`.
  SMLoc at(StringRef needle, unsigned n = 0, unsigned id = 1) {
    StringRef buf = sm.getMemoryBuffer(id)->getBuffer();
    size_t pos = buf.find(needle);
    for (unsigned i = 0; i < n && pos != StringRef::npos; ++i)
      pos = buf.find(needle, pos + 1);
    EXPECT_NE(pos, StringRef::npos) << needle.str();
    return SMLoc::getFromPointer(buf.data() + pos);
  }
  std::string text() {
    std::string out;
    llvm::raw_string_ostream os(out);
    diag.print(os, DiagEngine::Format::Text);
    return out;
  }
  std::string json() {
    std::string out;
    llvm::raw_string_ostream os(out);
    diag.print(os, DiagEngine::Format::Json);
    return out;
  }
  bool verify(std::string &report) {
    report.clear();
    llvm::raw_string_ostream os(report);
    return diag.verifyExpectations(os);
  }

  llvm::SourceMgr sm;
  DiagEngine diag{sm};
};

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

TEST_F(DiagnosticsTest, RecordsErrorsWarningsAndNotes) {
  addBuffer("x = 1\ny = 2\n");
  EXPECT_FALSE(diag.hadError());
  diag.warning(at("x"), "unused variable 'x'");
  EXPECT_FALSE(diag.hadError());
  diag.note(at("1"), "assigned here");
  Diagnostic &d = diag.error(at("y"), "bad " + llvm::Twine(42));
  EXPECT_EQ(d.message, "bad 42");
  diag.note(at("2"), "first note");
  diag.note(at("y"), "second note");

  EXPECT_TRUE(diag.hadError());
  EXPECT_EQ(diag.numErrors(), 1u);
  const std::vector<Diagnostic> &all = diag.diagnostics();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].severity, Severity::Warning);
  EXPECT_EQ(all[0].message, "unused variable 'x'");
  ASSERT_EQ(all[0].notes.size(), 1u);
  EXPECT_EQ(all[0].notes[0].severity, Severity::Note);
  EXPECT_EQ(all[0].notes[0].message, "assigned here");
  EXPECT_EQ(all[1].severity, Severity::Error);
  ASSERT_EQ(all[1].notes.size(), 2u);
  EXPECT_EQ(all[1].notes[1].message, "second note");
  EXPECT_EQ(all[1].notes[1].loc.getPointer(), at("y").getPointer());
}

TEST_F(DiagnosticsTest, ErrorLimit) {
  addBuffer("abc\n");
  diag.setErrorLimit(2);
  diag.error(at("a"), "one");
  EXPECT_FALSE(diag.reachedLimit());
  diag.error(at("b"), "two");
  EXPECT_TRUE(diag.reachedLimit());
  // Past the limit: not recorded, but the handle is usable.
  Diagnostic &dropped = diag.error(at("c"), "three");
  dropped.notes.push_back({Severity::Note, at("c"), "x", {}});
  diag.note(at("c"), "note of a dropped error");
  diag.error(at("c"), "four");
  // Warnings are still recorded, and take notes again.
  diag.warning(at("a"), "still a warning");
  diag.note(at("a"), "warning note");

  EXPECT_EQ(diag.numErrors(), 2u);
  ASSERT_EQ(diag.diagnostics().size(), 3u);
  EXPECT_EQ(diag.diagnostics()[0].message, "one");
  EXPECT_EQ(diag.diagnostics()[1].message, "two");
  EXPECT_TRUE(diag.diagnostics()[1].notes.empty());
  EXPECT_EQ(diag.diagnostics()[2].message, "still a warning");
  ASSERT_EQ(diag.diagnostics()[2].notes.size(), 1u);
}

TEST_F(DiagnosticsTest, UnlimitedByDefault) {
  addBuffer("a\n");
  for (int i = 0; i < 100; ++i)
    diag.error(at("a"), "e");
  EXPECT_EQ(diag.numErrors(), 100u);
  EXPECT_FALSE(diag.reachedLimit());
  EXPECT_EQ(diag.diagnostics().size(), 100u);
}

TEST_F(DiagnosticsTest, Resolve) {
  addBuffer("ab\n\tcd\n", "dir/main.nv");
  LineCol p = diag.resolve(at("d"));
  EXPECT_EQ(p.file, "dir/main.nv");
  EXPECT_EQ(p.line, 2u);
  EXPECT_EQ(p.column, 3u);
  p = diag.resolve(at("a"));
  EXPECT_EQ(p.line, 1u);
  EXPECT_EQ(p.column, 1u);
  // The end of the buffer is a valid position (where EOF is reported).
  p = diag.resolve(
      SMLoc::getFromPointer(sm.getMemoryBuffer(1)->getBufferEnd()));
  EXPECT_EQ(p.line, 3u);
  EXPECT_EQ(p.column, 1u);

  LineCol none = diag.resolve(SMLoc());
  EXPECT_EQ(none.file, "");
  EXPECT_EQ(none.line, 0u);
  EXPECT_EQ(none.column, 0u);
  // A pointer into no buffer resolves like an invalid location.
  static const char elsewhere[] = "x";
  none = diag.resolve(SMLoc::getFromPointer(elsewhere));
  EXPECT_EQ(none.line, 0u);
  EXPECT_EQ(none.file, "");
}

TEST_F(DiagnosticsTest, ResolveInSecondBuffer) {
  addBuffer("one\n", "a.nv");
  addBuffer("\n\n  two\n", "b.nv");
  LineCol p = diag.resolve(at("two", 0, 2));
  EXPECT_EQ(p.file, "b.nv");
  EXPECT_EQ(p.line, 3u);
  EXPECT_EQ(p.column, 3u);
}

//===----------------------------------------------------------------------===//
// Text output
//===----------------------------------------------------------------------===//

TEST_F(DiagnosticsTest, TextFormat) {
  addBuffer("x = 1\ny = ?\n");
  diag.error(at("?"), "unexpected character '?'");
  diag.note(at("x"), "declared here");
  diag.warning(at("y"), "unused");
  EXPECT_EQ(text(), "f.nv:2:5: error: unexpected character '?'\n"
                    "y = ?\n"
                    "    ^\n"
                    "f.nv:1:1: note: declared here\n"
                    "x = 1\n"
                    "^\n"
                    "f.nv:2:1: warning: unused\n"
                    "y = ?\n"
                    "^\n");
}

TEST_F(DiagnosticsTest, TextWithoutLocation) {
  addBuffer("a\n");
  diag.error(SMLoc(), "no input files");
  diag.note(SMLoc(), "try --help");
  EXPECT_EQ(text(), "error: no input files\nnote: try --help\n");
}

TEST_F(DiagnosticsTest, TextEmpty) { EXPECT_EQ(text(), ""); }

TEST_F(DiagnosticsTest, TextUnderlinesTheRange) {
  addBuffer("z = y * 2.0\nw = (a\n  + b)\n");
  SMLoc y = at("y"), star = at("*");
  SMLoc end = SMLoc::getFromPointer(at("2.0").getPointer() + 3);
  diag.error(DiagLoc(star, {y, end}), "cannot convert");
  // A range over several lines is underlined on the caret's line only.
  SMLoc open = at("("), plus = at("+");
  SMLoc close = SMLoc::getFromPointer(at(")").getPointer() + 1);
  diag.error(DiagLoc(plus, {open, close}), "bad");
  // An empty or reversed range underlines nothing.
  diag.warning(DiagLoc(y, {end, y}), "reversed");
  EXPECT_EQ(text(), "f.nv:1:7: error: cannot convert\n"
                    "z = y * 2.0\n"
                    "    ~~^~~~~\n"
                    "f.nv:3:3: error: bad\n"
                    "  + b)\n"
                    "~~^~~~\n"
                    "f.nv:1:5: warning: reversed\n"
                    "z = y * 2.0\n"
                    "    ^\n");
}

TEST_F(DiagnosticsTest, TextInColour) {
  addBuffer("z = y * 2.0\n");
  SMLoc end = SMLoc::getFromPointer(at("2.0").getPointer() + 3);
  diag.error(DiagLoc(at("*"), {at("y"), end}), "cannot convert");
  diag.note(at("z"), "here");
  std::string plain = text();
  diag.setShowColors(true);
  std::string colored = text();
  // clang's colours: bold position and message, bold red `error:`, bold
  // black `note:`, bold green caret line; without the escapes the text is
  // the plain one.
  EXPECT_NE(colored.find("\x1b[0;1;31merror: "), std::string::npos) << colored;
  EXPECT_NE(colored.find("\x1b[0;1;30mnote: "), std::string::npos) << colored;
  EXPECT_NE(colored.find("\x1b[0;1;32m    ~~^~~~~"), std::string::npos)
      << colored;
  std::string stripped;
  for (size_t i = 0; i < colored.size(); ++i) {
    if (colored[i] == '\x1b') {
      while (i < colored.size() && colored[i] != 'm')
        ++i;
      continue;
    }
    stripped += colored[i];
  }
  EXPECT_EQ(stripped, plain);
  EXPECT_EQ(plain.find('\x1b'), std::string::npos);
}

TEST_F(DiagnosticsTest, ColourChoice) {
  // An explicit choice wins over everything.
  EXPECT_TRUE(colorDiagnostics(true));
  EXPECT_FALSE(colorDiagnostics(false));
  // Automatic: never with a non-empty NO_COLOR.
  ::setenv("NO_COLOR", "1", 1);
  EXPECT_FALSE(colorDiagnostics(std::nullopt));
  EXPECT_TRUE(colorDiagnostics(true));
  ::unsetenv("NO_COLOR");
}

//===----------------------------------------------------------------------===//
// JSON output
//===----------------------------------------------------------------------===//

TEST_F(DiagnosticsTest, JsonFormat) {
  addBuffer("x = 1\ny = ?\n", "prog.nv");
  diag.error(at("?"), "unexpected character '?'");
  diag.note(at("x"), "declared \"here\"");
  diag.warning(at("1"), "unused");
  diag.error(SMLoc(), "no location");

  std::string out = json();
  ASSERT_FALSE(out.empty());
  EXPECT_EQ(out.back(), '\n');
  nlohmann::json j = nlohmann::json::parse(out, nullptr,
                                           /*allow_exceptions=*/false);
  ASSERT_FALSE(j.is_discarded()) << out;
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 3u);

  const nlohmann::json &e = j[0];
  EXPECT_EQ(e["file"], "prog.nv");
  EXPECT_EQ(e["line"], 2);
  EXPECT_EQ(e["column"], 5);
  EXPECT_EQ(e["severity"], "error");
  EXPECT_EQ(e["message"], "unexpected character '?'");
  ASSERT_TRUE(e["notes"].is_array());
  ASSERT_EQ(e["notes"].size(), 1u);
  const nlohmann::json &n = e["notes"][0];
  EXPECT_EQ(n["file"], "prog.nv");
  EXPECT_EQ(n["line"], 1);
  EXPECT_EQ(n["column"], 1);
  EXPECT_EQ(n["severity"], "note");
  EXPECT_EQ(n["message"], "declared \"here\"");
  EXPECT_TRUE(n["notes"].is_array());
  EXPECT_TRUE(n["notes"].empty());
  EXPECT_EQ(n.size(), 6u);

  EXPECT_EQ(j[1]["severity"], "warning");
  EXPECT_EQ(j[1]["line"], 1);
  EXPECT_EQ(j[1]["column"], 5);
  EXPECT_TRUE(j[1]["notes"].empty());

  EXPECT_EQ(j[2]["file"], "");
  EXPECT_EQ(j[2]["line"], 0);
  EXPECT_EQ(j[2]["column"], 0);
  EXPECT_EQ(j[2]["message"], "no location");
  // Without a range, no "range" key.
  EXPECT_FALSE(e.contains("range"));
}

TEST_F(DiagnosticsTest, JsonRange) {
  addBuffer("z = y * 2.0\n", "prog.nv");
  SMLoc end = SMLoc::getFromPointer(at("2.0").getPointer() + 3);
  diag.error(DiagLoc(at("*"), {at("y"), end}), "cannot convert");
  nlohmann::json j = nlohmann::json::parse(json(), nullptr, false);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["column"], 7);
  EXPECT_EQ(j[0]["range"]["start"]["line"], 1);
  EXPECT_EQ(j[0]["range"]["start"]["column"], 5);
  EXPECT_EQ(j[0]["range"]["end"]["line"], 1);
  EXPECT_EQ(j[0]["range"]["end"]["column"], 12);
}

TEST_F(DiagnosticsTest, JsonEmptyAndInvalidUtf8) {
  EXPECT_EQ(json(), "[]\n");
  addBuffer("a\n");
  diag.error(at("a"), "bad byte \xFF here");
  nlohmann::json j = nlohmann::json::parse(json(), nullptr, false);
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j[0]["message"], "bad byte \xEF\xBF\xBD here");
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

TEST_F(DiagnosticsTest, VerifyAllForms) {
  addBuffer("a = ?  # expected-error {{unexpected character}}\n"
            "# expected-error@+2 {{too large}}\n"
            "# expected-warning@+1 {{unused}}\n"
            "b = 99999\n"
            "c = 1\n"
            "# expected-note@-1 {{declared here}}\n"
            "d  # expected-error {{one}} \n"
            "# expected-error@-1 {{two}}\n"
            "# expected-error @+1 {{}}\n"
            "e\n");
  diag.error(at("?"), "unexpected character '?'");
  diag.warning(at("b"), "unused variable 'b'");
  diag.error(at("99999"), "integer literal is too large");
  diag.error(at("b"), "something");
  diag.note(at("c = 1"), "'c' declared here");
  // The same line can expect several diagnostics, in any order.
  diag.error(at("d  #"), "second: two");
  diag.error(at("d  #"), "first: one");
  diag.error(at("e\n"), "anything at all");
  std::string report;
  bool ok = verify(report);
  // "something" on line 4 was not expected.
  EXPECT_FALSE(ok);
  EXPECT_EQ(report, "f.nv:4:1: unexpected error: something\n");
}

TEST_F(DiagnosticsTest, VerifySucceeds) {
  addBuffer("x\n"
            "y # expected-error {{bad y}}\n"
            "# expected-error@+1 {{bad z}}\n"
            "z\n"
            "# expected-note@-3 {{see}}\n"
            "# expected-warning@-4 {{careful}}\n");
  diag.error(at("y "), "bad y");
  diag.error(at("z\n"), "bad z, really");
  diag.note(at("y "), "see here");
  diag.warning(at("y "), "be careful");
  std::string report;
  EXPECT_TRUE(verify(report));
  EXPECT_EQ(report, "");
}

TEST_F(DiagnosticsTest, VerifyNothingExpectedNothingProduced) {
  addBuffer("x = 1\n");
  std::string report;
  EXPECT_TRUE(verify(report));
  EXPECT_EQ(report, "");
}

TEST_F(DiagnosticsTest, VerifyMissingDiagnostic) {
  addBuffer("x\n# expected-error@-1 {{boom}}\ny # expected-warning {{w}}\n");
  std::string report;
  EXPECT_FALSE(verify(report));
  EXPECT_EQ(report, "f.nv:2: expected error \"boom\" was not produced\n"
                    "f.nv:3: expected warning \"w\" was not produced\n");
}

TEST_F(DiagnosticsTest, VerifyUnexpectedDiagnostic) {
  addBuffer("x = 1\ny = 2\n");
  diag.error(at("2"), "boom");
  diag.note(at("x"), "because");
  std::string report;
  EXPECT_FALSE(verify(report));
  EXPECT_EQ(report, "f.nv:2:5: unexpected error: boom\n"
                    "f.nv:1:1: unexpected note: because\n");
}

TEST_F(DiagnosticsTest, VerifyWrongSeverityLineOrText) {
  addBuffer("a # expected-warning {{w}}\n"
            "b # expected-error {{exact}}\n"
            "c\n"
            "# expected-error@-1 {{wrong line}}\n");
  diag.error(at("a "), "w");                 // Wrong severity.
  diag.error(at("b "), "not the same text"); // Text does not match.
  diag.error(at("# expected-error@-1"), "wrong line");
  std::string report;
  EXPECT_FALSE(verify(report));
  EXPECT_EQ(report, "f.nv:1:1: unexpected error: w\n"
                    "f.nv:2:1: unexpected error: not the same text\n"
                    "f.nv:4:1: unexpected error: wrong line\n"
                    "f.nv:1: expected warning \"w\" was not produced\n"
                    "f.nv:2: expected error \"exact\" was not produced\n"
                    "f.nv:4: expected error \"wrong line\" was not produced\n");
}

TEST_F(DiagnosticsTest, VerifyEachDiagnosticMatchesOnce) {
  addBuffer("a # expected-error {{dup}}\n"
            "b # expected-error {{twice}}\n"
            "# expected-error@-1 {{twice}}\n");
  diag.error(at("a "), "dup");
  diag.error(at("a "), "dup");
  diag.error(at("b "), "twice");
  std::string report;
  EXPECT_FALSE(verify(report));
  EXPECT_EQ(report, "f.nv:1:1: unexpected error: dup\n"
                    "f.nv:3: expected error \"twice\" was not produced\n");
}

TEST_F(DiagnosticsTest, VerifyAboveBelowUnknown) {
  addBuffer("a\n"
            "# expected-error@above {{on a}}\n"
            "# expected-error@below {{on b}}\n"
            "# expected-error@below {{also b}}\n"
            "b\n"
            "# expected-error@unknown {{nowhere}}\n");
  diag.error(at("a\n"), "on a");
  diag.error(at("b\n"), "also b");
  diag.error(at("b\n"), "on b");
  diag.error(SMLoc(), "from nowhere");
  std::string report;
  EXPECT_TRUE(verify(report)) << report;
  EXPECT_EQ(report, "");
}

TEST_F(DiagnosticsTest, VerifyUnknownLocationUnexpected) {
  addBuffer("a\n");
  diag.error(SMLoc(), "lost");
  std::string report;
  EXPECT_FALSE(verify(report));
  EXPECT_EQ(report, "<unknown>:0:0: unexpected error: lost\n");
}

TEST_F(DiagnosticsTest, VerifyMalformedDirectives) {
  addBuffer("a # expected-error {{missing end\n"
            "b # expected-warning@+x {{bad offset}}\n"
            "c # expected-note@-9 {{before the file}}\n"
            "d # the expected-errors above are prose, not directives\n");
  std::string report;
  EXPECT_FALSE(verify(report));
  EXPECT_EQ(report,
            "f.nv:1: malformed 'expected-error' directive\n"
            "f.nv:2: malformed 'expected-warning' directive\n"
            "f.nv:3: 'expected-note' directive refers to a line before the "
            "file\n");
}

TEST_F(DiagnosticsTest, VerifyIsPerBuffer) {
  addBuffer("x\n", "one.nv");
  addBuffer("y # expected-error {{here}}\n", "two.nv");
  diag.error(at("x", 0, 1), "here");
  std::string report;
  EXPECT_FALSE(verify(report));
  EXPECT_EQ(report, "one.nv:1:1: unexpected error: here\n"
                    "two.nv:1: expected error \"here\" was not produced\n");

  diag.error(at("y", 0, 2), "here too");
  EXPECT_FALSE(verify(report));
  EXPECT_EQ(report, "one.nv:1:1: unexpected error: here\n");
}

} // namespace
