include "Builtins.td"

// A chip neve-tblgen does not know (Builtin's `Chip`: sm_90 or sm_90a).
def : BuiltinFunction<"tcgen05_mma", Device, Void, [], "emitTcgen05Mma",
  "Blackwell's tensor-core product"> {
  let Chip = "sm_100a";
}
