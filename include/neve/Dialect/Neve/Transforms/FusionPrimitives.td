//===- FusionPrimitives.td - Frost functions fusion may see -*- tablegen -*-===//
//
// Frost's tensor operations are ordinary Neve functions, so in the `neve`
// dialect they are `func.call`s. This table names the Frost functions that
// neve-fuse's call-level patterns recognise, by the role each plays; a
// pattern matches a chain of calls by role (symbolizeFusionRole on the
// callee's symbol) and replaces it with a call of the fused function that
// Frost provides. Replacement functions are emitted by MLIRGen whenever the
// program reaches a chain's trigger (isFusionTrigger: bmm_t for attention),
// so that the pattern can call them (MLIRGenBuiltin.cpp,
// fusionReplacements).
//
// The string of each case is the callee's symbol as MLIRGen names it
// (operators are `operator<op>.<operand types>`). A program's definition
// that shadows Frost's (reference §2.1) is named `main.…` and so never
// plays a role. A role's call may end with a caller position (a `str at =
// caller` parameter, §3.2; CallChain.h callerPosition), which is no operand
// of the role and goes on to the replacement.
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
  I32EnumAttrCase<"ScoresProduct", 0, "bmm_t">,
  I32EnumAttrCase<"Scale", 1, "operator*.gpu_tensor.float">,
  I32EnumAttrCase<"ScaleLeft", 7, "operator*.float.gpu_tensor">,
  I32EnumAttrCase<"CausalMask", 2, "causal_mask">,
  I32EnumAttrCase<"Softmax", 3, "softmax">,
  I32EnumAttrCase<"ValueProduct", 4, "bmm">,
  // What replaces it: flash_attention(q, k, v, scale, causal), and the
  // unfused chain that flash_attention falls back to for other shapes
  // (never rewritten, or the fallback would call itself).
  I32EnumAttrCase<"FusedAttention", 5, "flash_attention">,
  I32EnumAttrCase<"AttentionFallback", 6, "attention_unfused">,
  // The relu chains (patterns `bn-relu` and `add-relu`, ReluFusion.cpp):
  //   relu(bn.forward(x))  becomes  batchnorm_relu(bn, x)
  //   relu(a + b)          becomes  add_relu(a, b)
  // (add_relu takes relu(a + b) itself for shapes other than equal ones,
  // so nothing is rewritten inside it).
  I32EnumAttrCase<"Relu", 8, "relu">,
  I32EnumAttrCase<"BatchNorm", 9, "BatchNorm2d.forward">,
  I32EnumAttrCase<"Add", 10, "operator+.gpu_tensor.gpu_tensor">,
  I32EnumAttrCase<"FusedBatchNormRelu", 11, "batchnorm_relu">,
  I32EnumAttrCase<"FusedAddRelu", 12, "add_relu">
]> {
  let cppNamespace = "::mlir::neve";
  let genSpecializedAttr = 0;
}

#endif // NEVE_FUSION_PRIMITIVES
