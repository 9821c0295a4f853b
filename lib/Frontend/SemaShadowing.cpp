//===- SemaShadowing.cpp - Names across modules ---------------------------===//
//
// §2.1: every top-level declaration of every module is visible everywhere,
// except that a program's own definitions may shadow a library's (a module
// of an installed package, the prelude included). The program's code then
// sees the program's definition and the library's code keeps its own:
//
// * a class: by name;
// * a named function (def, gpu, kernel): the whole overload set of that
//   name, on each side;
// * an operator definition: the library's definition with the same
//   operands (and kind, def or gpu); the others stay visible everywhere.
//
// `proto`s and `operation`s are C symbols of the shared native layer and
// are never shadowed: a repeated one must match (§3.8). Each shadowing is
// reported as a note, not an error. MLIRGen gives the program's shadowing
// definitions the symbols `main.NAME`.
//
//===----------------------------------------------------------------------===//

#include "SemaInternal.h"

using namespace neve;
using namespace neve::sema;
using llvm::SMLoc;

bool Checker::inLibrary() const { return libraryBuffers.count(sideBuffer); }

ClassDecl *Checker::lookupClass(llvm::StringRef name) const {
  if (!inLibrary())
    if (ClassDecl *cls = programClasses.lookup(name))
      return cls;
  return classes.lookup(name);
}

bool Checker::isDeclaredClass(const ClassDecl &cls) const {
  return classes.lookup(cls.name) == &cls ||
         programClasses.lookup(cls.name) == &cls;
}

bool Checker::visible(const FuncDecl *fn) const {
  return inLibrary() ? !hiddenFromLibrary.count(fn)
                     : !hiddenFromProgram.count(fn);
}

bool Checker::coVisible(const FuncDecl *a, const FuncDecl *b) const {
  bool program = !hiddenFromProgram.count(a) && !hiddenFromProgram.count(b);
  bool library = !hiddenFromLibrary.count(a) && !hiddenFromLibrary.count(b);
  return program || library;
}

std::vector<FuncDecl *> Checker::lookupFunctions(llvm::StringRef name) const {
  std::vector<FuncDecl *> found;
  if (auto it = functions.find(name); it != functions.end())
    for (FuncDecl *fn : it->second)
      if (visible(fn))
        found.push_back(fn);
  return found;
}

void Checker::noteShadowing(SMLoc at, const llvm::Twine &what,
                            SMLoc libraryLoc, unsigned libraryBuffer) {
  llvm::StringRef file =
      diag.getSourceMgr().getMemoryBuffer(libraryBuffer)->getBufferIdentifier();
  diag.noteAlone(at, what + " shadows the definition in " + file +
                      "; the library's own code keeps using its definition");
  diag.note(libraryLoc, "the shadowed definition is here");
}

void Checker::declareClasses() {
  for (auto &m : program.modules)
    if (m->isLibrary)
      libraryBuffers.insert(m->bufferID);
  // Each side on its own: two classes of one name on one side are a
  // redefinition.
  llvm::StringMap<ClassDecl *> library, own;
  for (auto &m : program.modules)
    for (auto &cls : m->classes) {
      if (isPredeclared(cls->name)) {
        diag.error(cls->loc, "'" + cls->name + "' is predeclared; a class "
                             "may not reuse its name");
        continue;
      }
      auto &side = m->isLibrary ? library : own;
      auto [it, inserted] = side.try_emplace(cls->name, cls.get());
      if (!inserted) {
        diag.error(cls->loc, "redefinition of class '" + cls->name + "'");
        diag.note(it->second->loc, "previous definition is here");
      }
    }
  // A program class named like a library function keeps that name on the
  // program's side; its symbol, `main.C`, stays apart from the function's.
  llvm::StringSet<> libraryFunctions;
  for (auto &m : program.modules)
    if (m->isLibrary)
      for (auto &fn : m->funcs)
        if (!fn->isOperator)
          libraryFunctions.insert(fn->name);
  for (auto &m : program.modules)
    for (auto &cls : m->classes) {
      auto &side = m->isLibrary ? library : own;
      if (side.lookup(cls->name) != cls.get())
        continue;
      ClassDecl *shadowed = m->isLibrary ? nullptr : library.lookup(cls->name);
      if (shadowed) {
        cls->shadows = true;
        programClasses[cls->name] = cls.get();
        noteShadowing(cls->loc, "class '" + cls->name + "'", shadowed->loc,
                      shadowed->bufferID);
      } else {
        classes[cls->name] = cls.get();
      }
      bool apart = shadowed || (!m->isLibrary &&
                                libraryFunctions.contains(cls->name));
      cls->shadows = apart;
      cls->type = types.classType(cls.get(), cls->name,
                                  apart ? "main." + cls->name : "");
    }
  tensorClass = classes.lookup("tensor");
}

void Checker::shadowFunctions() {
  for (auto &m : program.modules)
    for (auto &fn : m->funcs) {
      if (m->isLibrary || fn->isOperator || !fn->hasBody() || fn->isMain())
        continue;
      auto it = functions.find(fn->name);
      if (it == functions.end() || hiddenFromLibrary.count(fn.get()))
        continue;
      auto &group = it->second;
      // Foreign declarations are shared by everyone and never shadowed.
      if (llvm::any_of(group, [](FuncDecl *f) { return !f->hasBody(); }))
        continue;
      FuncDecl *shadowed = nullptr;
      for (FuncDecl *f : group)
        if (libraryBuffers.count(f->bufferID)) {
          hiddenFromProgram.insert(f);
          shadowed = shadowed ? shadowed : f;
        }
      if (!shadowed)
        continue;
      for (FuncDecl *f : group)
        if (!libraryBuffers.count(f->bufferID)) {
          hiddenFromLibrary.insert(f);
          f->shadows = true;
        }
      noteShadowing(fn->loc, "'" + fn->name + "'", shadowed->loc,
                    shadowed->bufferID);
    }
}

void Checker::shadowOperators() {
  for (auto &m : program.modules)
    for (auto &fn : m->funcs) {
      FuncDecl *own = fn.get();
      if (m->isLibrary || !own->isOperator || own->paramTypes.size() < 2)
        continue;
      for (FuncDecl *lib : operators.lookup(own->name))
        if (libraryBuffers.count(lib->bufferID) && lib->kind == own->kind &&
            sameSignature(*lib, *own) && !hiddenFromProgram.count(lib)) {
          hiddenFromProgram.insert(lib);
          hiddenFromLibrary.insert(own);
          own->shadows = true;
          noteShadowing(own->loc, "operator '" + own->name + "' on " +
                                      own->paramTypes[0]->str() + " and " +
                                      own->paramTypes[1]->str(),
                        lib->loc, lib->bufferID);
        }
    }
}
