include "Builtins.td"

def : BuiltinFunction<"orphan", Host, Void, [], "", "no emitter">;
