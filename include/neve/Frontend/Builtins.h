//===- Builtins.h - The predeclared vocabulary of Neve ----------*- C++ -*-===//
//
// Every builtin function, builtin method, device intrinsic and predeclared
// value is one entry of Builtins.td; neve-tblgen generates the BuiltinId
// enum, the table below and the name lookups from it. Sema resolves a name
// to its BuiltinId once (CallExpr::builtin, NameExpr::builtin); everything
// after it (signature checks, MLIRGen's emitters, the AST printer, the
// language server) dispatches on the id.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FRONTEND_BUILTINS_H
#define NEVE_FRONTEND_BUILTINS_H

#include "neve/Frontend/Types.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace neve {

enum class BuiltinId : uint16_t {
  None,
#include "neve/Frontend/BuiltinIds.inc"
};

/// How an entry is used.
enum class BuiltinForm : uint8_t {
  Function, ///< `name(args)`: a §7 builtin or a §8.4 intrinsic
  Method,   ///< `x.name(args)` on a str, array, map or channel
  Value,    ///< a predeclared `int` value: `tid`, `bx`, `float_t`
};

/// Where an entry may be used.
enum class BuiltinWhere : uint8_t { Host, Device, Any };

struct BuiltinInfo {
  const char *name;
  BuiltinForm form;
  BuiltinWhere where;
  /// The receiver of a method (Type::Kind::Error for other forms).
  Type::Kind receiver;
  /// Visible only with --enable-test-builtins.
  bool testOnly;
  /// As the reference writes it: `float pow(float, float)`.
  const char *signature;
  const char *summary;
  /// The section of the language reference ("8.4").
  const char *section;
  /// The least GPU a device intrinsic needs beyond §8.1's ("sm_90",
  /// "sm_90a"), or "".
  const char *chip;
};

const BuiltinInfo &builtinInfo(BuiltinId id);
llvm::StringRef builtinName(BuiltinId id);
/// Every entry (None excluded), in the order of Builtins.td.
llvm::ArrayRef<BuiltinInfo> allBuiltins();

/// The builtin function or intrinsic `name`, or None. Test-only entries
/// are found only when `withTestOnly` is set.
BuiltinId lookupBuiltinFunction(llvm::StringRef name, bool withTestOnly);
/// The builtin method `name` of receivers of kind `receiver`, or None.
BuiltinId lookupBuiltinMethod(Type::Kind receiver, llvm::StringRef name,
                              bool withTestOnly);
/// The predeclared value `name`, or None.
BuiltinId lookupPredeclaredValue(llvm::StringRef name, bool withTestOnly);

} // namespace neve

#endif // NEVE_FRONTEND_BUILTINS_H
