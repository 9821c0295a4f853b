//===- HostObjects.cpp - Host code in two objects, the libraries' cached ---===//
//
// Most of a Frost program's host code is Frost's, and it does not change
// when the program does. So the host module is cut in two before LLVM's
// optimizer: the library part (functions whose source is not the program's
// own file) and the program part (the program's functions, the globals, the
// kernels' loaders, whatever has no source). The library part is printed,
// hashed and looked up in the per-user cache; only on a miss is it
// optimized and compiled. The program part always is. (docs/caching.md)
//
// The cut keeps the program whole:
//  - every function is defined in one part; one called from the other part
//    becomes a hidden external symbol, renamed `__neve.NAME` so that it
//    never meets a name of the runtime or the C library at link time;
//  - variables are defined in the program part (one definition of each
//    mutable one) and declared, likewise renamed, in the library part; a
//    constant with local linkage is copied into each part that uses it;
//  - the library part's local constants are renamed in order of appearance,
//    so that their names (some counted over the whole module) do not
//    depend on the program's code, nor does the key.
// What is lost is inlining across the cut, which is why small libraries
// (std_lib alone) are compiled with the program as one object.
//
//===----------------------------------------------------------------------===//

#include "neve/Frontend/MLIRGen.h"
#include "neve/Pipeline/Pipeline.h"
#include "neve/Support/Cache.h"
#include "neve/Support/HashStream.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Location.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace neve;

namespace {

/// The file of the first source position in \p loc, or "".
llvm::StringRef sourceFile(mlir::Location loc) {
  auto fl = mlir::LocationAttr(loc).findInstanceOf<mlir::FileLineColLoc>();
  return fl ? fl.getFilename().getValue() : llvm::StringRef();
}

/// Calls \p fn with each function or global variable whose code or
/// initializer uses \p value (through constant expressions).
void forEachUser(const llvm::Value *value,
                 llvm::function_ref<void(const llvm::GlobalValue *)> fn) {
  llvm::SmallVector<const llvm::User *> work(value->users());
  llvm::SmallPtrSet<const llvm::User *, 8> seen;
  while (!work.empty()) {
    const llvm::User *u = work.pop_back_val();
    if (!seen.insert(u).second)
      continue;
    if (auto *inst = llvm::dyn_cast<llvm::Instruction>(u))
      fn(inst->getFunction());
    else if (auto *gv = llvm::dyn_cast<llvm::GlobalValue>(u))
      fn(gv);
    else
      work.append(u->user_begin(), u->user_end());
  }
}

/// A temporary object file's path, or "" after reporting.
std::string temporaryObject() {
  llvm::SmallString<128> path;
  if (auto ec = llvm::sys::fs::createTemporaryFile("neve", "o", path)) {
    llvm::errs() << "error: cannot create a temporary file: " << ec.message()
                 << "\n";
    return "";
  }
  return std::string(path);
}

/// Optimizes and compiles \p module into a new temporary object.
bool compileObject(llvm::Module &module, unsigned optLevel,
                   std::vector<std::string> &objects) {
  std::string path = temporaryObject();
  if (path.empty())
    return false;
  objects.push_back(path);
  return optimizeLLVMModule(module, optLevel) &&
         emitObjectFile(module, path, optLevel);
}

/// The two parts of a module and how they refer to each other.
class Cut {
public:
  /// Membership is decided here, by function, once: renaming must not
  /// change it.
  Cut(llvm::Module &module, const llvm::StringSet<> &libraryNames)
      : module(module) {
    for (llvm::Function &f : module)
      if (!f.isDeclaration() && libraryNames.contains(f.getName()))
        libraryFunctions.insert(&f);
  }

  /// Decides where everything goes and renames what crosses; afterwards
  /// library() makes the library part and strip() leaves the program's.
  void plan() {
    // Local constants each part's code uses, transitively through their
    // initializers: each part has its own copy of those it uses.
    closeOver(libraryConstants, [&](const llvm::GlobalValue *user) {
      auto *f = llvm::dyn_cast<llvm::Function>(user);
      return f && inLibrary(f);
    });
    closeOver(programConstants, [&](const llvm::GlobalValue *user) {
      auto *f = llvm::dyn_cast<llvm::Function>(user);
      return (f && !inLibrary(f)) ||
             (llvm::isa<llvm::GlobalVariable>(user) &&
              !copied(*llvm::cast<llvm::GlobalVariable>(user)));
    });
    // What one part defines and the other uses is renamed and hidden.
    auto crosses = [&](const llvm::GlobalValue &gv) {
      bool defInLibrary = inLibrary(&gv);
      bool cross = false;
      forEachUser(&gv, [&](const llvm::GlobalValue *user) {
        cross |= defInLibrary ? usedOnProgramSide(user) : inLibrary(user);
      });
      return cross;
    };
    llvm::SmallVector<llvm::GlobalValue *> shared;
    for (llvm::Function &f : module)
      if (!f.isDeclaration() && f.getName() != kEntrySymbol && crosses(f))
        shared.push_back(&f);
    for (llvm::GlobalVariable &g : module.globals())
      if (!g.isDeclaration() && !copied(g) && !g.hasAppendingLinkage() &&
          crosses(g))
        shared.push_back(&g);
    for (llvm::GlobalValue *gv : shared) {
      gv->setName("__neve." + gv->getName());
      gv->setLinkage(llvm::GlobalValue::ExternalLinkage);
      gv->setVisibility(llvm::GlobalValue::HiddenVisibility);
    }
  }

  /// The library part: its functions, its copies of local constants,
  /// declarations of the rest it uses.
  std::unique_ptr<llvm::Module> library() {
    llvm::ValueToValueMapTy map;
    std::unique_ptr<llvm::Module> part =
        llvm::CloneModule(module, map, [&](const llvm::GlobalValue *gv) {
          if (llvm::isa<llvm::Function>(gv))
            return inLibrary(gv);
          auto *g = llvm::dyn_cast<llvm::GlobalVariable>(gv);
          return g && libraryConstants.contains(g);
        });
    // Constructors, and whatever the library's code does not use, are the
    // program's: they must not change the library's key.
    bool erased = true;
    while (erased) {
      erased = false;
      for (llvm::GlobalVariable &g :
           llvm::make_early_inc_range(part->globals()))
        if (g.hasAppendingLinkage() ||
            (g.use_empty() && (g.isDeclaration() || g.hasLocalLinkage()))) {
          g.eraseFromParent();
          erased = true;
        }
      for (llvm::Function &f : llvm::make_early_inc_range(*part))
        if (f.isDeclaration() && f.use_empty()) {
          f.eraseFromParent();
          erased = true;
        }
    }
    // Declarations come in the order the whole module first used them: put
    // them in name order, which the program's code does not change.
    moveDeclarationsLast(part->functions(), [&](llvm::Function *f) {
      part->getFunctionList().push_back(f);
    });
    moveDeclarationsLast(part->globals(), [&](llvm::GlobalVariable *g) {
      part->insertGlobalVariable(g);
    });
    unsigned n = 0;
    for (llvm::GlobalVariable &g : part->globals())
      if (g.hasLocalLinkage())
        g.setName("__neve.lib." + llvm::Twine(n++));
    // Not the program's name: programs using the same library code share
    // its object.
    part->setModuleIdentifier("neve-library");
    part->setSourceFileName("neve-library");
    return part;
  }

  /// Leaves the program part: the library's function bodies go.
  void strip() {
    for (llvm::Function &f : module)
      if (inLibrary(&f)) {
        f.deleteBody();
        f.setLinkage(llvm::GlobalValue::ExternalLinkage);
        f.setVisibility(llvm::GlobalValue::HiddenVisibility);
      }
  }

private:
  /// Moves the declarations of \p list to its end (with \p append) in name
  /// order.
  template <typename List, typename Append>
  static void moveDeclarationsLast(List &&list, Append append) {
    using T = std::remove_reference_t<decltype(*list.begin())>;
    llvm::SmallVector<T *> decls;
    for (T &gv : list)
      if (gv.isDeclaration())
        decls.push_back(&gv);
    llvm::sort(decls, [](T *a, T *b) { return a->getName() < b->getName(); });
    for (T *gv : decls) {
      gv->removeFromParent();
      append(gv);
    }
  }

  /// Whether \p gv is defined in the library part (a function) or copied
  /// into it (a constant).
  bool inLibrary(const llvm::GlobalValue *gv) const {
    if (auto *f = llvm::dyn_cast<llvm::Function>(gv))
      return libraryFunctions.contains(f);
    if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(gv))
      return libraryConstants.contains(g);
    return false;
  }
  /// Whether a use by \p user happens in the program part: its function,
  /// a variable, or a constant it holds a copy of.
  bool usedOnProgramSide(const llvm::GlobalValue *user) const {
    if (auto *g = llvm::dyn_cast<llvm::GlobalVariable>(user))
      return !copied(*g) || programConstants.contains(g);
    return !inLibrary(user);
  }
  /// Adds to \p set the copied constants used by a user \p direct accepts,
  /// then those used by constants in the set.
  template <typename Pred>
  void closeOver(llvm::SmallPtrSetImpl<const llvm::GlobalVariable *> &set,
                 Pred direct) {
    bool grew = true;
    while (grew) {
      grew = false;
      for (llvm::GlobalVariable &g : module.globals())
        if (copied(g) && !set.contains(&g))
          forEachUser(&g, [&](const llvm::GlobalValue *user) {
            auto *ug = llvm::dyn_cast<llvm::GlobalVariable>(user);
            if ((direct(user) || (ug && set.contains(ug))) &&
                set.insert(&g).second)
              grew = true;
          });
    }
  }
  static bool copied(const llvm::GlobalVariable &g) {
    return g.isConstant() && g.hasLocalLinkage() && g.hasInitializer();
  }

  llvm::Module &module;
  llvm::DenseSet<const llvm::Function *> libraryFunctions;
  llvm::SmallPtrSet<const llvm::GlobalVariable *, 32> libraryConstants;
  llvm::SmallPtrSet<const llvm::GlobalVariable *, 32> programConstants;
};

} // namespace

bool neve::emitHostObjects(mlir::ModuleOp module, const HostOptions &options,
                           std::vector<std::string> &objects,
                           HostReport &report) {
  // Where each function comes from, while the MLIR locations are there.
  llvm::StringSet<> libraryFunctions;
  for (auto fn : module.getOps<mlir::LLVM::LLVMFuncOp>()) {
    if (fn.isExternal() || fn.getName() == kEntrySymbol)
      continue;
    llvm::StringRef file = sourceFile(fn.getLoc());
    if (!file.empty() && file != options.programFile)
      libraryFunctions.insert(fn.getName());
  }
  llvm::LLVMContext ctx;
  std::unique_ptr<llvm::Module> whole = translateUnoptimized(module, ctx);
  if (!whole)
    return false;
  unsigned &libraryInstructions = report.libraryInstructions;
  for (llvm::Function &f : *whole)
    if (!f.isDeclaration() && libraryFunctions.contains(f.getName()))
      libraryInstructions += f.getInstructionCount();
  bool aliases = !whole->alias_empty() || !whole->ifunc_empty();
  if (options.cacheDir.empty() || aliases ||
      libraryInstructions < options.minLibraryInstructions)
    return compileObject(*whole, options.optLevel, objects);

  report.split = true;
  report.libraryFunctions = libraryFunctions.size();
  Cut cut(*whole, libraryFunctions);
  cut.plan();
  std::unique_ptr<llvm::Module> library = cut.library();
  cut.strip();

  // The key: the library part as printed, how it is compiled, by whom.
  llvm::SHA256 hash;
  hash.update("neve-host 1\n" + options.salt + "\nO" +
              std::to_string(options.optLevel) + " " +
              library->getTargetTriple().str() + " " +
              llvm::sys::getHostCPUName().str() + "\n");
  {
    HashStream os(hash);
    library->print(os, nullptr);
  }
  report.key = llvm::toHex(hash.final(), /*LowerCase=*/true);
  cache::Entry entry = cache::readEntry(options.cacheDir, "host", report.key);
  if (entry.status == cache::Lookup::Hit) {
    std::string path = temporaryObject();
    if (path.empty())
      return false;
    objects.push_back(path);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << entry.payload;
    if (ec || os.has_error()) {
      llvm::errs() << "error: cannot write " << path << "\n";
      os.clear_error();
      return false;
    }
    report.cacheHit = true;
  } else {
    if (!compileObject(*library, options.optLevel, objects))
      return false;
    auto bytes = llvm::MemoryBuffer::getFile(objects.back(), /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
    std::string why =
        bytes ? cache::writeEntry(options.cacheDir, "host", report.key,
                                  (*bytes)->getBuffer())
              : "cannot read " + objects.back();
    if (!why.empty())
      llvm::errs() << "warning: host code cache: " << why << "\n";
  }
  return compileObject(*whole, options.optLevel, objects);
}
