include "Builtins.td"

// `size` of a channel is a new method, not a duplicate of str's or array's.
def : BuiltinMethod<OnChannel, "size", Int, [], "emitChannelSize",
  "buffered values">;
// Methods share a namespace per receiver: `size` of str again is an error.
def : BuiltinMethod<OnStr, "size", Int, [], "emitStrSize", "again">;
