//===- Analysis.h - What the language server knows about a file -*- C++ -*-===//
//
// One analysis of one open document: the program loaded from the editor's
// text (imports from disk), checked by Sema, and what the server answers
// from: diagnostics, the names used in the file with their declarations and
// types (hover, go-to-definition), its symbols, and completion candidates.
// Built on the compiler's own front end, so it reports what neve-translate
// would.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_LSP_ANALYSIS_H
#define NEVE_LSP_ANALYSIS_H

#include "neve/Frontend/ModuleLoader.h"
#include "neve/Frontend/Types.h"

#include <memory>
#include <string>
#include <vector>

namespace neve::lsp {

/// A position as LSP counts it: 0-based line and character, the character
/// in UTF-16 code units (Utf16.h).
struct Position {
  unsigned line = 0, character = 0;
};

struct Range {
  Position start, end;
};

/// A place in a file (for go-to-definition across imports).
struct Location {
  std::string file;
  Range range;
};

struct Diag {
  Range range;
  int severity = 1; ///< LSP: 1 error, 2 warning, 3 information
  std::string message;
};

/// A name used or declared in the document.
struct Occurrence {
  unsigned begin = 0, end = 0; ///< byte offsets in the document
  std::string hover;           ///< Markdown-free text: a type or signature
  Location definition;         ///< empty file: none known
};

struct Symbol {
  std::string name, detail;
  int kind = 12; ///< LSP SymbolKind: 5 class, 6 method, 8 field, 9 ctor, 12 function
  Range range, selection;
  std::vector<Symbol> children;
};

struct Completion {
  std::string label, detail;
  int kind = 1; ///< LSP CompletionItemKind: 2 method, 3 function, 5 field, 6 variable, 7 class, 14 keyword
};

class Analysis {
public:
  /// Loads and checks `text` as the file `path`; imports resolve from the
  /// file's directory and `libsDir` ($NEVE_LIBS).
  Analysis(std::string path, std::string text, const std::string &libsDir);
  ~Analysis();

  const std::vector<Diag> &diagnostics() const { return diags; }
  const std::vector<Symbol> &symbols() const { return syms; }
  /// The occurrence under `pos`, or null.
  const Occurrence *at(Position pos) const;
  /// Candidates at byte `offset` of `current` (the editor's text, which may
  /// differ from the analysed one while typing): members after `x.` when
  /// this analysis knows x's type, else keywords, builtins and the names
  /// declared before the position.
  std::vector<Completion> complete(const std::string &current,
                                   unsigned offset) const;
  /// Whether Sema ran (the file parsed and its imports loaded).
  bool checked() const { return isChecked; }

  unsigned offsetOf(Position pos) const;
  Position positionOf(unsigned offset) const;

private:
  void index();
  Range rangeOf(llvm::SMLoc loc, unsigned length) const;
  Location locationOf(llvm::SMLoc loc, llvm::StringRef name) const;

  std::string path, text;
  std::vector<unsigned> lineStarts;
  llvm::SourceMgr sm;
  unsigned mainID = 0;
  Program program;
  TypeContext types;
  bool isChecked = false;
  std::vector<Diag> diags;
  std::vector<Symbol> syms;
  std::vector<Occurrence> occs;
  /// Declared variables of the document: (offset, name, type) for
  /// completion of `x.` and of names in scope.
  struct Var {
    unsigned offset;
    std::string name;
    const Type *type;
  };
  std::vector<Var> vars;
  friend class Indexer;
};

/// The signature of a function, method, kernel or proto as the hover shows it.
std::string signatureOf(const FuncDecl &f);

} // namespace neve::lsp

#endif // NEVE_LSP_ANALYSIS_H
