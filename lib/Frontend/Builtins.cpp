//===- Builtins.cpp - The table generated from Builtins.td ----------------===//

#include "neve/Frontend/Builtins.h"

#include "llvm/ADT/StringSwitch.h"

using namespace neve;

#include "neve/Frontend/Builtins.cpp.inc"

const BuiltinInfo &neve::builtinInfo(BuiltinId id) {
  return kBuiltinTable[static_cast<size_t>(id)];
}

llvm::StringRef neve::builtinName(BuiltinId id) { return builtinInfo(id).name; }

llvm::ArrayRef<BuiltinInfo> neve::allBuiltins() {
  return llvm::ArrayRef(kBuiltinTable).drop_front();
}

static BuiltinId visible(BuiltinId id, bool withTestOnly) {
  return !withTestOnly && builtinInfo(id).testOnly ? BuiltinId::None : id;
}

BuiltinId neve::lookupBuiltinFunction(llvm::StringRef name, bool withTestOnly) {
  return visible(lookupFunctionName(name), withTestOnly);
}

BuiltinId neve::lookupBuiltinMethod(Type::Kind receiver, llvm::StringRef name,
                                    bool withTestOnly) {
  return visible(lookupMethodName(receiver, name), withTestOnly);
}

BuiltinId neve::lookupPredeclaredValue(llvm::StringRef name,
                                       bool withTestOnly) {
  return visible(lookupValueName(name), withTestOnly);
}
