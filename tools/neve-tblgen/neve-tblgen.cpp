//===- neve-tblgen.cpp - Neve's TableGen backends -------------------------===//
//
// Generates the front end's vocabulary from include/neve/Frontend/
// Builtins.td (see its header for what each generator emits):
//
//   -gen-builtin-decls  the BuiltinId enumerators
//   -gen-builtin-defs   the info table and the name lookups
//   -gen-builtin-sema   Sema's signature checks, one case per entry
//   -gen-builtin-emit   MLIRGen's dispatch to each entry's emitter
//   -gen-builtin-doc    the reference list (Markdown)
//
// A duplicate name (per receiver), an entry without an emitter or a test
// entry that shadows a real one is an error here, so the build fails.
//
//===----------------------------------------------------------------------===//

#include "neve/Support/ToolVersion.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"

#include <string>
#include <vector>

using namespace llvm;

namespace {
enum class Action { Decls, Defs, Sema, Emit, Doc };

cl::opt<Action> action(
    cl::desc("What to generate:"),
    cl::values(
        clEnumValN(Action::Decls, "gen-builtin-decls", "the BuiltinId enum"),
        clEnumValN(Action::Defs, "gen-builtin-defs",
                   "the builtin table and name lookups"),
        clEnumValN(Action::Sema, "gen-builtin-sema",
                   "Sema's builtin signature checks"),
        clEnumValN(Action::Emit, "gen-builtin-emit",
                   "MLIRGen's builtin dispatch"),
        clEnumValN(Action::Doc, "gen-builtin-doc",
                   "the builtin reference (Markdown)")));

/// One entry of the table, in declaration order.
struct Entry {
  const Record *def;
  enum Form { Function, Method, Value } form;
  std::string name, enumerator, receiver, context, emit, check, summary,
      section, chip;
  bool testOnly;
  std::string resultCpp, resultSpelling;
  std::vector<std::string> paramCpp, paramSpelling;

  bool hasCheck() const { return !check.empty(); }
  /// `float pow(float, float)`, `int str.size()`, `int tid`.
  std::string signature() const {
    if (form == Value)
      return "int " + name;
    std::string s = (hasCheck() && paramSpelling.empty() ? std::string("")
                                                         : resultSpelling + " ");
    if (form == Method)
      s += lower(receiver) + ".";
    s += name + "(";
    for (size_t i = 0; i < paramSpelling.size(); ++i)
      s += (i ? ", " : "") + paramSpelling[i];
    return s + (hasCheck() && paramSpelling.empty() ? "...)" : ")");
  }
  static std::string lower(StringRef s) { return s.lower(); }
};

std::string identifier(StringRef name) {
  // Enumerators: the name without leading or trailing underscores, so that
  // `_quit_` gives a valid (non-reserved) identifier.
  return name.trim('_').str();
}

std::vector<Entry> collect(const RecordKeeper &records) {
  std::vector<Entry> entries;
  StringMap<const Record *> seen;
  for (const Record *r : records.getAllDerivedDefinitions("Builtin")) {
    Entry e;
    e.def = r;
    e.name = r->getValueAsString("Name").str();
    e.context = r->getValueAsDef("Context")->getValueAsString("Name").str();
    e.receiver = r->getValueAsDef("On")->getValueAsString("Kind").str();
    e.summary = r->getValueAsString("Summary").str();
    e.section = r->getValueAsString("Section").str();
    e.testOnly = r->getValueAsBit("TestOnly");
    e.chip = r->getValueAsString("Chip").str();
    if (!e.chip.empty() && e.chip != "sm_90" && e.chip != "sm_90a")
      PrintFatalError(r->getLoc(), "builtin '" + e.name + "' needs chip '" +
                                       e.chip + "': only sm_90 and sm_90a "
                                       "are known");
    if (!e.chip.empty() && e.context == "Host")
      PrintFatalError(r->getLoc(), "host builtin '" + e.name +
                                       "' cannot need a GPU chip");
    if (r->isSubClassOf("BuiltinFunction")) {
      e.form = e.receiver.empty() ? Entry::Function : Entry::Method;
      e.check = r->getValueAsString("Check").str();
      const Record *result = r->getValueAsDef("Result");
      e.resultCpp = result->getValueAsString("Cpp").str();
      e.resultSpelling = result->getValueAsString("Spelling").str();
      for (const Record *p : r->getValueAsListOfDefs("Params")) {
        e.paramCpp.push_back(p->getValueAsString("Cpp").str());
        e.paramSpelling.push_back(p->getValueAsString("Spelling").str());
      }
    } else if (r->isSubClassOf("PredeclaredValue")) {
      e.form = Entry::Value;
    } else {
      PrintFatalError(r->getLoc(), "'" + e.name +
                                       "' is neither a BuiltinFunction nor a "
                                       "PredeclaredValue");
    }
    e.emit = r->getValueAsString("Emit").str();
    if (e.emit.empty())
      PrintFatalError(r->getLoc(), "builtin '" + e.name + "' has no emitter");
    if (e.name.empty() || identifier(e.name).empty())
      PrintFatalError(r->getLoc(), "a builtin needs a name");
    // Functions and values share one namespace; methods one per receiver.
    std::string scope = e.form == Entry::Method ? e.receiver : "";
    e.enumerator = (e.form == Entry::Method ? Entry::lower(e.receiver) + "_"
                    : e.form == Entry::Value ? std::string("val_")
                                             : std::string("fn_")) +
                   identifier(e.name);
    auto [it, fresh] = seen.try_emplace(scope + "." + e.name, r);
    if (!fresh) {
      PrintError(r->getLoc(), "duplicate builtin '" + e.name + "'" +
                                  (scope.empty() ? "" : " of " + scope));
      PrintFatalNote(it->second->getLoc(), "first declared here");
    }
    if (!seen.try_emplace("#" + e.enumerator, r).second)
      PrintFatalError(r->getLoc(), "builtin '" + e.name +
                                       "' gives the same enumerator as "
                                       "another entry: " + e.enumerator);
    entries.push_back(std::move(e));
  }
  return entries;
}

std::string cString(StringRef s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

void emitDecls(const std::vector<Entry> &entries, raw_ostream &os) {
  os << "// The enumerators of neve::BuiltinId (Builtins.h), one per entry of "
        "Builtins.td.\n";
  for (const Entry &e : entries)
    os << "  " << e.enumerator << ",\n";
}

void emitDefs(const std::vector<Entry> &entries, raw_ostream &os) {
  os << "// The entries of Builtins.td, indexed by BuiltinId (None first).\n"
        "static const BuiltinInfo kBuiltinTable[] = {\n"
        "    {\"\", BuiltinForm::Function, BuiltinWhere::Any, "
        "Type::Kind::Error, false, \"\", \"\", \"\", \"\"},\n";
  for (const Entry &e : entries) {
    const char *form = e.form == Entry::Function ? "Function"
                       : e.form == Entry::Method ? "Method"
                                                 : "Value";
    os << formatv("    {{{0}, BuiltinForm::{1}, BuiltinWhere::{2}, "
                  "Type::Kind::{3}, {4}, {5}, {6}, {7}, {8}},\n",
                  cString(e.name), form, e.context,
                  e.receiver.empty() ? "Error" : e.receiver,
                  e.testOnly ? "true" : "false", cString(e.signature()),
                  cString(e.summary), cString(e.section), cString(e.chip));
  }
  os << "};\n\n";
  // One StringSwitch per namespace.
  auto lookup = [&](StringRef fn, StringRef params,
                    function_ref<bool(const Entry &)> pick) {
    os << "static BuiltinId " << fn << "(" << params << ") {\n"
       << "  return llvm::StringSwitch<BuiltinId>(name)\n";
    for (const Entry &e : entries)
      if (pick(e))
        os << "      .Case(" << cString(e.name) << ", BuiltinId::"
           << e.enumerator << ")\n";
    os << "      .Default(BuiltinId::None);\n}\n\n";
  };
  lookup("lookupFunctionName", "llvm::StringRef name",
         [](const Entry &e) { return e.form == Entry::Function; });
  lookup("lookupValueName", "llvm::StringRef name",
         [](const Entry &e) { return e.form == Entry::Value; });
  // The receivers that have methods, in the order of their first method.
  std::vector<std::string> receivers;
  for (const Entry &e : entries)
    if (e.form == Entry::Method && !llvm::is_contained(receivers, e.receiver))
      receivers.push_back(e.receiver);
  for (const std::string &r : receivers)
    lookup("lookup" + r + "Method", "llvm::StringRef name",
           [&](const Entry &x) {
             return x.form == Entry::Method && x.receiver == r;
           });
  os << "static BuiltinId lookupMethodName(Type::Kind receiver, "
        "llvm::StringRef name) {\n  switch (receiver) {\n";
  for (const std::string &r : receivers)
    os << "  case Type::Kind::" << r << ":\n    return lookup" << r
       << "Method(name);\n";
  os << "  default:\n    return BuiltinId::None;\n  }\n}\n";
}

void emitSema(const std::vector<Entry> &entries, raw_ostream &os) {
  os << "// Checker::checkBuiltinSignature: the body of its switch over the "
        "call's BuiltinId.\n#ifdef NEVE_BUILTIN_CHECKS\n"
        "#undef NEVE_BUILTIN_CHECKS\n";
  for (const Entry &e : entries) {
    if (e.form == Entry::Value)
      continue;
    os << "case BuiltinId::" << e.enumerator << ":\n";
    if (e.hasCheck()) {
      os << "  return " << e.check << "(e, a, recv);\n";
      continue;
    }
    os << "  return a.params(" << e.resultCpp << ", {";
    for (size_t i = 0; i < e.paramCpp.size(); ++i)
      os << (i ? ", " : "") << e.paramCpp[i];
    os << "});\n";
  }
  os << "#endif\n#ifdef NEVE_BUILTIN_PARAM_TYPES\n"
        "// builtinParamTypes: the parameter types that give arguments their "
        "expected types.\n#undef NEVE_BUILTIN_PARAM_TYPES\n";
  for (const Entry &e : entries) {
    if (e.form == Entry::Value || e.paramCpp.empty())
      continue;
    os << "case BuiltinId::" << e.enumerator << ":\n  return {";
    for (size_t i = 0; i < e.paramCpp.size(); ++i)
      os << (i ? ", " : "") << e.paramCpp[i];
    os << "};\n";
  }
  os << "#endif\n";
}

void emitEmit(const std::vector<Entry> &entries, raw_ostream &os) {
  os << "// Generator::emitBuiltin and Generator::emitPredeclaredValue: the "
        "bodies of their switches.\n#ifdef NEVE_BUILTIN_CALLS\n"
        "#undef NEVE_BUILTIN_CALLS\n";
  for (const Entry &e : entries)
    if (e.form != Entry::Value)
      os << "case BuiltinId::" << e.enumerator << ":\n  return " << e.emit
         << "(e, l);\n";
  os << "#endif\n#ifdef NEVE_BUILTIN_VALUES\n#undef NEVE_BUILTIN_VALUES\n";
  for (const Entry &e : entries)
    if (e.form == Entry::Value)
      os << "case BuiltinId::" << e.enumerator << ":\n  return " << e.emit
         << "(name, l);\n";
  os << "#endif\n";
}

void emitDoc(const std::vector<Entry> &entries, raw_ostream &os) {
  os << "# Builtins and intrinsics\n\n"
        "Generated from include/neve/Frontend/Builtins.td by neve-tblgen "
        "-gen-builtin-doc.\n\n"
        "| name | signature | where | section | what it does |\n"
        "| --- | --- | --- | --- | --- |\n";
  for (const Entry &e : entries) {
    if (e.testOnly)
      continue;
    std::string where = e.context == "Any" ? "host and device"
                        : e.context == "Host" ? "host"
                                              : "device";
    if (!e.chip.empty())
      where += " (" + e.chip + ")";
    os << "| `" << e.name << "` | `" << e.signature() << "` | " << where
       << " | §" << e.section << " | " << e.summary << " |\n";
  }
}

bool run(raw_ostream &os, const RecordKeeper &records) {
  std::vector<Entry> entries = collect(records);
  if (action != Action::Doc)
    os << "/*===- TableGen'erated file from Builtins.td (neve-tblgen) -===*/\n";
  switch (action) {
  case Action::Decls:
    emitDecls(entries, os);
    break;
  case Action::Defs:
    emitDefs(entries, os);
    break;
  case Action::Sema:
    emitSema(entries, os);
    break;
  case Action::Emit:
    emitEmit(entries, os);
    break;
  case Action::Doc:
    emitDoc(entries, os);
    break;
  }
  return false;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  neve::setToolVersionPrinter("neve-tblgen");
  cl::ParseCommandLineOptions(argc, argv);
  return TableGenMain(argv[0], &run);
}
