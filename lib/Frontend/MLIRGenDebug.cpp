//===- MLIRGenDebug.cpp - print in device code, assert --------------------===//
//
// The debugging builtins of issue 33: `print`/`printl` in kernels and gpu
// functions become one `neve.device_print` (a printf format built here, the
// scalars as operands), and `assert(cond, msg)` becomes `neve.assert`
// anywhere. Whether device code keeps them is decided by the device
// pipeline (-g or -fdevice-checks): MLIRGen emits them always, so that
// --emit=neve shows them.
//
//===----------------------------------------------------------------------===//

#include "MLIRGenInternal.h"

using namespace neve;
using namespace neve::mlirgen;

bool Generator::inDeviceCode() const {
  return currentFn && (currentFn->kind == FuncKind::Kernel ||
                       currentFn->kind == FuncKind::Gpu);
}

/// `text` as printf format text: `%` doubled, NUL (which would end the
/// format) left out.
static void appendFormatText(std::string &format, llvm::StringRef text) {
  for (char c : text) {
    if (c == '\0')
      continue;
    if (c == '%')
      format += '%';
    format += c;
  }
}

Value Generator::emitDevicePrint(const CallExpr &e, bool newline,
                                 mlir::Location l) {
  std::string format;
  llvm::SmallVector<Value> args;
  for (const Arg &a : e.args) {
    const Expr &x = *a.value;
    if (auto *lit = llvm::dyn_cast<StrLitExpr>(&x)) {
      appendFormatText(format, lit->value);
      continue;
    }
    const Type *t = x.type;
    Value v = widenStorageFloat(emitArg(a), l);
    if (t->is(Type::Kind::Bool)) {
      format += "%s"; // true / false (the lowering passes the text)
    } else if (t->isFloat()) {
      format += "%g";
    } else if (t->is(Type::Kind::I64)) {
      format += "%lld";
    } else {
      // int, i16, i8 and char travel as 32-bit ints (C's promotion).
      format += t->is(Type::Kind::Char) ? "%c" : "%d";
      if (v.getType() != b.getI32Type())
        v = t->is(Type::Kind::Char)
                ? Value(mlir::arith::ExtUIOp::create(b, l, b.getI32Type(), v))
                : Value(mlir::arith::ExtSIOp::create(b, l, b.getI32Type(), v));
    }
    args.push_back(v);
  }
  if (newline)
    format += '\n';
  mlir::neve::DevicePrintOp::create(b, l, b.getStringAttr(format), args);
  return nullptr;
}

Value Generator::emitAssert(const CallExpr &e, mlir::Location l) {
  Value cond = emitExpr(*e.args[0].value);
  // Sema made sure the message is a literal.
  llvm::StringRef message = llvm::cast<StrLitExpr>(*e.args[1].value).value;
  mlir::neve::AssertOp::create(b, l, cond, b.getStringAttr(message));
  return nullptr;
}
