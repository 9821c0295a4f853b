//===- Diagnostics.cpp - Front-end diagnostics ------------------*- C++ -*-===//
//
// Recording diagnostics, printing them as text (through llvm::SourceMgr) or
// as JSON, and checking them against `expected-*` comments in the source,
// with the semantics of MLIR's -verify-diagnostics.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Process.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <functional>

using namespace neve;
using llvm::SMLoc;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

Diagnostic &DiagEngine::record(Severity severity, DiagLoc at,
                               const llvm::Twine &msg) {
  lastDiscarded = false;
  diags.push_back(Diagnostic{severity, at.loc, msg.str(), {}, at.range});
  return diags.back();
}

Diagnostic &DiagEngine::error(DiagLoc at, const llvm::Twine &msg) {
  if (reachedLimit()) {
    discarded = Diagnostic{Severity::Error, at.loc, msg.str(), {}, at.range};
    lastDiscarded = true;
    return discarded;
  }
  ++errorCount;
  return record(Severity::Error, at, msg);
}

Diagnostic &DiagEngine::warning(DiagLoc at, const llvm::Twine &msg) {
  return record(Severity::Warning, at, msg);
}

Diagnostic &DiagEngine::noteAlone(DiagLoc at, const llvm::Twine &msg) {
  return record(Severity::Note, at, msg);
}

void DiagEngine::note(DiagLoc at, const llvm::Twine &msg) {
  Diagnostic n{Severity::Note, at.loc, msg.str(), {}, at.range};
  if (lastDiscarded)
    return;
  // A note with nothing to attach to stands on its own rather than vanish.
  if (diags.empty()) {
    diags.push_back(std::move(n));
    return;
  }
  diags.back().notes.push_back(std::move(n));
}

//===----------------------------------------------------------------------===//
// Locations and printing
//===----------------------------------------------------------------------===//

std::string DiagEngine::positionText(SMLoc loc) const {
  LineCol lc = resolve(loc);
  return lc.file + ":" + std::to_string(lc.line) + ":" +
         std::to_string(lc.column);
}

LineCol DiagEngine::resolve(SMLoc loc) const {
  LineCol result;
  if (!loc.isValid())
    return result;
  unsigned id = sm.FindBufferContainingLoc(loc);
  if (id == 0)
    return result;
  result.file = sm.getMemoryBuffer(id)->getBufferIdentifier().str();
  std::tie(result.line, result.column) = sm.getLineAndColumn(loc, id);
  return result;
}

static llvm::SourceMgr::DiagKind toDiagKind(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return llvm::SourceMgr::DK_Error;
  case Severity::Warning:
    return llvm::SourceMgr::DK_Warning;
  case Severity::Note:
    return llvm::SourceMgr::DK_Note;
  }
  return llvm::SourceMgr::DK_Error;
}

static StringRef severityName(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

namespace {
/// A string stream that takes colours: SMDiagnostic::print colours only a
/// stream that says it has them (a terminal), and the choice was made
/// already (colorDiagnostics).
class ColorStringStream : public llvm::raw_string_ostream {
public:
  explicit ColorStringStream(std::string &s) : llvm::raw_string_ostream(s) {
    enable_colors(true);
  }
  bool has_colors() const override { return true; }
  bool is_displayed() const override { return true; }
};
} // namespace

/// `d`'s range when it can be underlined: valid, in the buffer of its
/// caret, not reversed. (Pieces on other lines than the caret's are left
/// out by SourceMgr.)
static std::optional<llvm::SMRange> printableRange(const llvm::SourceMgr &sm,
                                                   const Diagnostic &d,
                                                   unsigned bufferID) {
  llvm::SMRange r = d.range;
  if (!r.isValid() || r.Start.getPointer() > r.End.getPointer())
    return std::nullopt;
  const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(bufferID);
  const char *begin = buf->getBufferStart(), *end = buf->getBufferEnd();
  if (r.Start.getPointer() < begin || r.End.getPointer() > end)
    return std::nullopt;
  return r;
}

void DiagEngine::printText(llvm::raw_ostream &os, const Diagnostic &d) const {
  std::string text;
  ColorStringStream colored(text);
  llvm::raw_ostream &out = showColors ? colored : os;
  unsigned id = d.loc.isValid() ? sm.FindBufferContainingLoc(d.loc) : 0;
  if (id != 0) {
    llvm::SmallVector<llvm::SMRange, 1> ranges;
    if (auto r = printableRange(sm, d, id))
      ranges.push_back(*r);
    sm.PrintMessage(out, d.loc, toDiagKind(d.severity), d.message, ranges,
                    /*FixIts=*/{}, showColors);
  } else {
    // No source position: just `error: message`.
    llvm::SMDiagnostic(/*filename=*/"", toDiagKind(d.severity), d.message)
        .print(/*ProgName=*/nullptr, out, showColors);
  }
  if (showColors) {
    colored.flush();
    os << text;
  }
  for (const Diagnostic &n : d.notes)
    printText(os, n);
}

static nlohmann::json toJson(const DiagEngine &engine, const Diagnostic &d) {
  LineCol pos = engine.resolve(d.loc);
  nlohmann::json notes = nlohmann::json::array();
  for (const Diagnostic &n : d.notes)
    notes.push_back(toJson(engine, n));
  nlohmann::json out = {{"file", pos.file},
                        {"line", pos.line},
                        {"column", pos.column},
                        {"severity", severityName(d.severity).str()},
                        {"message", d.message},
                        {"notes", std::move(notes)}};
  // The underlined text: 1-based lines and columns (in bytes), the end
  // just past the last character, as in the text form's `~~~`.
  unsigned id = d.loc.isValid()
                    ? engine.getSourceMgr().FindBufferContainingLoc(d.loc)
                    : 0;
  if (id != 0) {
    if (auto r = printableRange(engine.getSourceMgr(), d, id)) {
      LineCol start = engine.resolve(r->Start), end = engine.resolve(r->End);
      out["range"] = {{"start", {{"line", start.line}, {"column", start.column}}},
                      {"end", {{"line", end.line}, {"column", end.column}}}};
    }
  }
  return out;
}

void DiagEngine::print(llvm::raw_ostream &os, Format format) const {
  if (format == Format::Text) {
    for (const Diagnostic &d : diags)
      printText(os, d);
    return;
  }
  nlohmann::json array = nlohmann::json::array();
  for (const Diagnostic &d : diags)
    array.push_back(toJson(*this, d));
  // Messages may quote source text: never fail on invalid UTF-8.
  os << array.dump(/*indent=*/-1, ' ', /*ensure_ascii=*/false,
                   nlohmann::json::error_handler_t::replace)
     << '\n';
}

//===----------------------------------------------------------------------===//
// Verification of `expected-*` comments
//===----------------------------------------------------------------------===//

namespace {
/// One `expected-<severity>[@<where>] {{text}}` directive.
struct Expectation {
  Severity severity;
  /// The buffer and line the diagnostic is expected on; 0 and 0 for
  /// `@unknown` (a diagnostic without a source position).
  unsigned bufferID;
  unsigned line;
  std::string text;
  /// Where the directive was written, for reports.
  std::string file;
  unsigned directiveLine;
  bool matched = false;
};

/// A diagnostic or note, flattened, with its resolved position.
struct Emitted {
  const Diagnostic *diag;
  unsigned bufferID;
  LineCol pos;
};

enum class Target { Line, Above, Below, Unknown };

constexpr llvm::StringLiteral directivePrefix("expected-");

/// Parses the directive that starts at `rest` (just after "expected-").
/// Returns false when `rest` is not a directive at all; sets `malformed` when
/// it starts like one but cannot be parsed.
bool parseDirective(StringRef rest, Severity &severity, Target &target,
                    int64_t &offset, std::string &text, bool &malformed) {
  malformed = false;
  if (rest.consume_front("error"))
    severity = Severity::Error;
  else if (rest.consume_front("warning"))
    severity = Severity::Warning;
  else if (rest.consume_front("note"))
    severity = Severity::Note;
  else
    return false;
  if (rest.empty() ||
      !(rest[0] == ' ' || rest[0] == '\t' || rest[0] == '@' || rest[0] == '{'))
    return false;
  malformed = true;
  rest = rest.ltrim(" \t");
  target = Target::Line;
  offset = 0;
  if (rest.consume_front("@")) {
    if (rest.consume_front("above")) {
      target = Target::Above;
    } else if (rest.consume_front("below")) {
      target = Target::Below;
    } else if (rest.consume_front("unknown")) {
      target = Target::Unknown;
    } else {
      bool negative = rest.starts_with("-");
      if (!rest.consume_front("+") && !rest.consume_front("-"))
        return true;
      unsigned long long n;
      if (rest.empty() || !llvm::isDigit(rest[0]) ||
          rest.consumeInteger(10, n) || n > 1000000000ULL)
        return true;
      offset = negative ? -int64_t(n) : int64_t(n);
    }
    rest = rest.ltrim(" \t");
  }
  if (!rest.consume_front("{{"))
    return true;
  size_t close = rest.rfind("}}");
  if (close == StringRef::npos)
    return true;
  text = rest.substr(0, close).str();
  malformed = false;
  return true;
}
} // namespace

bool DiagEngine::verifyExpectations(llvm::raw_ostream &os) const {
  bool ok = true;
  std::vector<Expectation> expected;

  for (unsigned id = 1, e = sm.getNumBuffers(); id <= e; ++id) {
    const llvm::MemoryBuffer *buf = sm.getMemoryBuffer(id);
    std::string file = buf->getBufferIdentifier().str();
    llvm::SmallVector<StringRef, 64> lines;
    buf->getBuffer().split(lines, '\n');
    // `@below` expectations waiting for the next line without a directive.
    std::vector<size_t> waitingBelow;
    for (unsigned i = 0, n = lines.size(); i < n; ++i) {
      unsigned lineNo = i + 1;
      StringRef line = lines[i];
      size_t pos = line.find(directivePrefix);
      bool found = false;
      while (pos != StringRef::npos) {
        Severity severity;
        Target target;
        int64_t offset;
        std::string text;
        bool malformed;
        if (parseDirective(line.substr(pos + directivePrefix.size()), severity,
                           target, offset, text, malformed)) {
          found = true;
          if (malformed) {
            os << file << ':' << lineNo << ": malformed 'expected-"
               << severityName(severity) << "' directive\n";
            ok = false;
            break;
          }
          int64_t targetLine = int64_t(lineNo) + offset;
          if (target == Target::Line && targetLine < 1) {
            os << file << ':' << lineNo << ": 'expected-"
               << severityName(severity)
               << "' directive refers to a line before the file\n";
            ok = false;
            break;
          }
          Expectation exp{severity, id,   unsigned(targetLine),
                          text,     file, lineNo};
          if (target == Target::Unknown) {
            exp.bufferID = 0;
            exp.line = 0;
          } else if (target == Target::Above) {
            // The previous line that holds no directive.
            exp.line = 0;
            for (unsigned j = i; j > 0; --j) {
              if (!lines[j - 1].contains(directivePrefix)) {
                exp.line = j;
                break;
              }
            }
          } else if (target == Target::Below) {
            waitingBelow.push_back(expected.size());
          }
          expected.push_back(std::move(exp));
          break;
        }
        pos = line.find(directivePrefix, pos + 1);
      }
      if (!found) {
        for (size_t idx : waitingBelow)
          expected[idx].line = lineNo;
        waitingBelow.clear();
      }
    }
    // `@below` with no line below: points past the end, never matches.
    for (size_t idx : waitingBelow)
      expected[idx].line = lines.size() + 1;
  }

  // Flatten diagnostics and their notes, in emission order.
  std::vector<Emitted> emitted;
  std::function<void(const Diagnostic &)> flatten = [&](const Diagnostic &d) {
    unsigned id = d.loc.isValid() ? sm.FindBufferContainingLoc(d.loc) : 0;
    emitted.push_back(Emitted{&d, id, resolve(d.loc)});
    for (const Diagnostic &n : d.notes)
      flatten(n);
  };
  for (const Diagnostic &d : diags)
    flatten(d);

  for (const Emitted &em : emitted) {
    bool matched = false;
    for (Expectation &exp : expected) {
      if (exp.matched || exp.severity != em.diag->severity ||
          exp.bufferID != em.bufferID || exp.line != em.pos.line ||
          !StringRef(em.diag->message).contains(exp.text))
        continue;
      exp.matched = matched = true;
      break;
    }
    if (matched)
      continue;
    ok = false;
    os << (em.pos.file.empty() ? "<unknown>" : em.pos.file) << ':'
       << em.pos.line << ':' << em.pos.column << ": unexpected "
       << severityName(em.diag->severity) << ": " << em.diag->message << '\n';
  }

  for (const Expectation &exp : expected) {
    if (exp.matched)
      continue;
    ok = false;
    // Like MLIR, report at the directive itself.
    os << exp.file << ':' << exp.directiveLine << ": expected "
       << severityName(exp.severity) << " \"" << exp.text
       << "\" was not produced\n";
  }
  return ok;
}

//===----------------------------------------------------------------------===//
// Colour
//===----------------------------------------------------------------------===//

bool neve::colorDiagnostics(std::optional<bool> wanted) {
  if (wanted)
    return *wanted;
  // https://no-color.org: a non-empty NO_COLOR turns colour off.
  if (const char *noColor = std::getenv("NO_COLOR"); noColor && *noColor)
    return false;
  return llvm::sys::Process::StandardErrHasColors();
}
