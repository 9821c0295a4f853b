//===- SemaRoles.cpp - @role declarations (§3.10) -------------------------===//

#include "neve/Frontend/Roles.h"

#include "neve/Frontend/AST.h"
#include "neve/Frontend/Sema.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace neve;

static std::string describe(const FuncDecl &fn) {
  std::string what = fn.isOperator ? "operator" + fn.name : fn.name;
  return fn.parent ? fn.parent->name + "." + what : what;
}

void neve::checkRoles(const Program &program, DiagEngine &diag) {
  std::vector<std::string> known = knownFusionRoles();
  llvm::StringMap<const FuncDecl *> declared;
  auto check = [&](const FuncDecl &fn) {
    if (fn.role.empty())
      return;
    if (!known.empty() && !llvm::is_contained(known, fn.role)) {
      diag.error(fn.roleLoc, "unknown role '" + fn.role +
                                 "' (the roles fusion patterns match: " +
                                 llvm::join(known, ", ") + ")");
      return;
    }
    auto [it, inserted] = declared.try_emplace(fn.role, &fn);
    if (inserted)
      return;
    diag.error(fn.roleLoc, "role '" + fn.role + "' is declared twice: by '" +
                               describe(fn) + "' and by '" +
                               describe(*it->second) +
                               "' (a role belongs to one function)");
    diag.note(it->second->roleLoc, "the other @role(\"" + fn.role +
                                       "\") is here");
  };
  // Module by module, in source order: the later declaration is the error.
  for (auto &m : program.modules) {
    std::vector<const FuncDecl *> fns;
    for (auto &fn : m->funcs)
      fns.push_back(fn.get());
    for (auto &cls : m->classes)
      for (auto &meth : cls->methods)
        fns.push_back(meth.get());
    llvm::sort(fns, [](const FuncDecl *a, const FuncDecl *b) {
      return a->loc.getPointer() < b->loc.getPointer();
    });
    for (const FuncDecl *fn : fns)
      check(*fn);
  }
}
