include "Builtins.td"

// The same name twice among the functions: neve-tblgen stops at the second.
def : BuiltinFunction<"pow", Anywhere, Float, [Float, Float], "emitPow",
  "again">;
