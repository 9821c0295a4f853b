//===- FusionPrimitives.td - Roles fusion patterns match ---*- tablegen -*-===//
//
// Frost's tensor operations are ordinary Neve functions, so in the `neve`
// dialect they are `func.call`s. This table names the roles that neve-fuse's
// call-level patterns recognise. A library function declares its role in its
// own source, `@role("softmax")` before its `def` (reference §3.10); MLIRGen
// puts the role on the function and on every call of it (`neve.role`), and a
// pattern matches a chain of calls by role (roleOf, CallChain.h) and replaces
// it with a call of the function that declares the replacement's role. So
// renaming a Frost function keeps its fusions; a role nobody declares leaves
// its pattern idle; an unknown role name, or one that two functions declare,
// is a compile-time error (Sema, SemaRoles.cpp). Replacement functions are
// emitted by MLIRGen whenever the program reaches a chain's trigger
// (isFusionTrigger: the scores product for attention), so that the pattern
// can call them (MLIRGenBuiltin.cpp, fusionReplacements).
//
// The string of each case is the role's name as `@role` writes it. A role's
// call may end with a caller position (a `str at = caller` parameter, §3.2;
// CallChain.h callerPosition), which is no operand of the role and goes on
// to the replacement.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_FUSION_PRIMITIVES
#define NEVE_FUSION_PRIMITIVES

include "mlir/IR/EnumAttr.td"

def FusionRole : I32EnumAttr<"FusionRole",
    "the part a Frost function plays in a chain that neve-fuse rewrites", [
  // The attention chain (pattern `attention`, AttentionFusion.cpp):
  //   bmm(softmax([causal_mask](bmm_t(q, k) * scale)), v)
  // (or scale * bmm_t(q, k))
  I32EnumAttrCase<"ScoresProduct", 0, "attention.scores">,
  I32EnumAttrCase<"Scale", 1, "scale">,
  I32EnumAttrCase<"ScaleLeft", 7, "scale_left">,
  I32EnumAttrCase<"CausalMask", 2, "attention.causal_mask">,
  I32EnumAttrCase<"Softmax", 3, "softmax">,
  I32EnumAttrCase<"ValueProduct", 4, "attention.values">,
  // What replaces it: flash_attention(q, k, v, scale, causal), and the
  // unfused chain that flash_attention falls back to for other shapes
  // (never rewritten, or the fallback would call itself).
  I32EnumAttrCase<"FusedAttention", 5, "attention.fused">,
  I32EnumAttrCase<"AttentionFallback", 6, "attention.unfused">,
  // The relu chains (patterns `bn-relu` and `add-relu`, ReluFusion.cpp):
  //   relu(bn.forward(x))  becomes  batchnorm_relu(bn, x)
  //   relu(a + b)          becomes  add_relu(a, b)
  // (add_relu takes relu(a + b) itself for shapes other than equal ones,
  // so nothing is rewritten inside it).
  I32EnumAttrCase<"Relu", 8, "relu">,
  I32EnumAttrCase<"BatchNorm", 9, "batchnorm">,
  I32EnumAttrCase<"Add", 10, "add">,
  I32EnumAttrCase<"FusedBatchNormRelu", 11, "fused.batchnorm_relu">,
  I32EnumAttrCase<"FusedAddRelu", 12, "fused.add_relu">
]> {
  let cppNamespace = "::mlir::neve";
  let genSpecializedAttr = 0;
}

#endif // NEVE_FUSION_PRIMITIVES
