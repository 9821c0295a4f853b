//===- PackageManifest.cpp - A package's neve-package.json (§11.9) --------===//

#include "neve/Frontend/PackageManifest.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace neve;

namespace {

/// `key`'s value in `obj` as a list of non-empty strings; false with
/// `error` otherwise. A missing key is an empty list.
bool stringList(const llvm::json::Object &obj, llvm::StringRef key,
                std::vector<std::string> &out, std::string &error) {
  const llvm::json::Value *v = obj.get(key);
  if (!v)
    return true;
  const llvm::json::Array *list = v->getAsArray();
  if (!list) {
    error = "'native." + key.str() + "' must be a list of strings";
    return false;
  }
  for (const llvm::json::Value &item : *list) {
    std::optional<llvm::StringRef> s = item.getAsString();
    if (!s || s->empty()) {
      error = "'native." + key.str() + "' must be a list of non-empty strings";
      return false;
    }
    out.push_back(s->str());
  }
  return true;
}

bool onlyKeys(const llvm::json::Object &obj,
              std::initializer_list<llvm::StringRef> allowed,
              llvm::StringRef where, std::string &error) {
  for (const auto &kv : obj) {
    bool known = false;
    for (llvm::StringRef a : allowed)
      known |= llvm::StringRef(kv.first) == a;
    if (!known) {
      error = "unknown key '" + llvm::StringRef(kv.first).str() + "'" + where.str();
      return false;
    }
  }
  return true;
}

} // namespace

bool neve::parsePackageManifest(llvm::StringRef text,
                                llvm::StringRef packageDir,
                                llvm::StringRef importName,
                                PackageManifest &out, std::string &error) {
  out = PackageManifest();
  llvm::Expected<llvm::json::Value> doc = llvm::json::parse(text);
  if (!doc) {
    error = "not JSON: " + llvm::toString(doc.takeError());
    return false;
  }
  const llvm::json::Object *top = doc->getAsObject();
  if (!top) {
    error = "the manifest must be a JSON object";
    return false;
  }
  if (!onlyKeys(*top, {"name", "version", "native"}, "", error))
    return false;
  std::optional<llvm::StringRef> name = top->getString("name");
  if (!name) {
    error = "'name' (a string, the package's import name) is missing";
    return false;
  }
  if (*name != importName) {
    error = "'name' is '" + name->str() + "' but the package is imported as '" +
            importName.str() + "'";
    return false;
  }
  out.name = name->str();
  if (const llvm::json::Value *v = top->get("version")) {
    std::optional<llvm::StringRef> s = v->getAsString();
    if (!s) {
      error = "'version' must be a string";
      return false;
    }
    out.version = s->str();
  }
  const llvm::json::Value *nativeValue = top->get("native");
  if (!nativeValue)
    return true;
  const llvm::json::Object *native = nativeValue->getAsObject();
  if (!native) {
    error = "'native' must be an object";
    return false;
  }
  if (!onlyKeys(*native, {"libs", "lib_dirs", "sources"}, " in 'native'",
                error))
    return false;
  std::vector<std::string> dirs, sources;
  if (!stringList(*native, "libs", out.libs, error) ||
      !stringList(*native, "lib_dirs", dirs, error) ||
      !stringList(*native, "sources", sources, error))
    return false;
  if (!sources.empty()) {
    error = "'native.sources' lists " + std::to_string(sources.size()) +
            " source file(s), but this implementation does not build "
            "package sources: build them into a library and name it in "
            "'native.libs'";
    return false;
  }
  for (const std::string &lib : out.libs)
    if (lib.find('/') != std::string::npos || lib.rfind("-", 0) == 0) {
      error = "'native.libs' names libraries as -l does ('m', 'ring'), "
              "not '" + lib + "'";
      return false;
    }
  for (const std::string &d : dirs) {
    llvm::SmallString<256> p;
    if (llvm::sys::path::is_absolute(d)) {
      p = d;
    } else {
      p = packageDir;
      llvm::sys::path::append(p, d);
    }
    llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
    out.libDirs.push_back(std::string(p));
  }
  return true;
}
