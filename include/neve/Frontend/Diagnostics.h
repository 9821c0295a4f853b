//===- Diagnostics.h - Front-end diagnostics --------------------*- C++ -*-===//
//
// The front end reports every problem through one DiagEngine. It owns no
// global state: a compilation creates one engine over its llvm::SourceMgr.
// Diagnostics are printed either as `file:line:col: error: message` with the
// source line, a caret and the offending range underlined (`^~~~`, through
// llvm::SourceMgr; in colour on request or on a terminal), or as one JSON
// array on stderr (`--diagnostics=json`, schema in docs/frontend.md).
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_DIAGNOSTICS_H
#define NEVE_FRONTEND_DIAGNOSTICS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace neve {

enum class Severity { Error, Warning, Note };

/// Where a diagnostic points: its caret and, optionally, the source range
/// it underlines (an expression: `x + "a"` with the caret at `+`).
struct DiagLoc {
  DiagLoc(llvm::SMLoc loc) : loc(loc) {}
  DiagLoc(llvm::SMLoc loc, llvm::SMRange range) : loc(loc), range(range) {}
  llvm::SMLoc loc;
  llvm::SMRange range; ///< invalid: none
};

/// One reported problem, with notes attached to it.
struct Diagnostic {
  Severity severity;
  llvm::SMLoc loc;
  std::string message;
  std::vector<Diagnostic> notes;
  /// The source text the diagnostic is about (invalid: none): from its
  /// first character to just past its last.
  llvm::SMRange range;
};

/// A resolved source position (1-based line and column).
struct LineCol {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

class DiagEngine {
public:
  enum class Format { Text, Json };

  explicit DiagEngine(llvm::SourceMgr &sm) : sm(sm) {}

  /// Reports an error at `at`; returns a handle to attach notes with.
  Diagnostic &error(DiagLoc at, const llvm::Twine &msg);
  Diagnostic &warning(DiagLoc at, const llvm::Twine &msg);
  /// Attaches a note to the most recent diagnostic.
  void note(DiagLoc at, const llvm::Twine &msg);
  /// Reports a note of its own (information, not a problem), to which
  /// further notes attach.
  Diagnostic &noteAlone(DiagLoc at, const llvm::Twine &msg);

  unsigned numErrors() const { return errorCount; }
  bool hadError() const { return errorCount != 0; }
  const std::vector<Diagnostic> &diagnostics() const { return diags; }

  /// Stops recording after this many errors (0 = unlimited).
  void setErrorLimit(unsigned limit) { errorLimit = limit; }
  bool reachedLimit() const { return errorLimit && errorCount >= errorLimit; }

  LineCol resolve(llvm::SMLoc loc) const;
  /// `FILE:LINE:COL`, as diagnostics print a position (the value of a
  /// `caller` default, §3.2).
  std::string positionText(llvm::SMLoc loc) const;
  llvm::SourceMgr &getSourceMgr() const { return sm; }

  /// Prints every recorded diagnostic to `os` in the given format.
  void print(llvm::raw_ostream &os, Format format) const;
  /// Text diagnostics in colour (ANSI escapes, as clang's): bold positions
  /// and messages, red errors, magenta warnings, green carets and ranges.
  void setShowColors(bool on) { showColors = on; }
  bool getShowColors() const { return showColors; }

  /// Checks `# expected-error@+N {{msg}}` style comments in every buffer of
  /// the source manager against the recorded diagnostics. Unmatched
  /// expectations and unexpected diagnostics are printed to `os`; returns
  /// true when everything matched.
  bool verifyExpectations(llvm::raw_ostream &os) const;

private:
  Diagnostic &record(Severity severity, DiagLoc at, const llvm::Twine &msg);
  void printText(llvm::raw_ostream &os, const Diagnostic &d) const;

  llvm::SourceMgr &sm;
  std::vector<Diagnostic> diags;
  unsigned errorCount = 0;
  unsigned errorLimit = 0;
  bool showColors = false;
  /// Receives errors past the limit (and their notes), which are dropped.
  Diagnostic discarded;
  bool lastDiscarded = false;
};

/// Whether diagnostics written to stderr should be in colour:
/// `-fcolor-diagnostics` (`wanted` true) and `-fno-color-diagnostics`
/// (false) decide; without either, colour when stderr is a terminal that
/// supports it and $NO_COLOR is unset or empty.
bool colorDiagnostics(std::optional<bool> wanted);

} // namespace neve

#endif // NEVE_FRONTEND_DIAGNOSTICS_H
