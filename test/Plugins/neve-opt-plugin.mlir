// The plugin's pattern through neve-opt's neve-fuse pass, by name, and not
// among the patterns selected otherwise.
// RUN: %neve-opt --load-pass-plugin=%axpy-plugin %s --neve-fuse="patterns=axpy" -verify-diagnostics | FileCheck %s
// RUN: %neve-opt --load-pass-plugin=%axpy-plugin %s --neve-fuse="patterns=add-relu" | FileCheck %s --check-prefix=OFF
// RUN: not %neve-opt %s --neve-fuse="patterns=axpy" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// The patterns with their summaries, the plugin's with its origin.
// RUN: %neve-opt --load-pass-plugin=%axpy-plugin --list-fusion-patterns | FileCheck %s --check-prefix=LIST
// RUN: %neve-opt --list-fusion-patterns | FileCheck %s --check-prefix=LIST-NONE

// LIST: elementwise (on): consecutive elementwise kernel launches over one index space become one kernel
// LIST: add-relu (on): the Frost chain relu(a + b) becomes one call of add_relu(a, b)
// LIST-NEXT: axpy (on, from libNeveAxpyFusion.so): plus(scaled(x, a), y) becomes axpy(a, x, y): one pass over the arrays, no intermediate
// LIST-NONE: add-relu (on)
// LIST-NONE-NOT: axpy
// UNKNOWN: neve-fuse: unknown pattern 'axpy' (known: elementwise, gemm-epilogue, attention, bn-relu, add-relu)

func.func private @scaled(!neve.array<f32>, f32) -> !neve.array<f32> attributes {neve.role = "axpy.scale"}
func.func private @plus(!neve.array<f32>, !neve.array<f32>) -> !neve.array<f32> attributes {neve.role = "axpy.add"}
func.func private @axpy(f32, !neve.array<f32>, !neve.array<f32>) -> !neve.array<f32> attributes {neve.role = "axpy.fused"}

// CHECK-LABEL: func.func @f(
// CHECK-SAME: %[[X:.*]]: !neve.array<f32>, %[[Y:.*]]: !neve.array<f32>, %[[A:.*]]: f32
// CHECK: %[[R:.*]] = call @axpy(%[[A]], %[[X]], %[[Y]]) {neve.role = "axpy.fused"}
// CHECK-NEXT: return %[[R]]
// OFF-LABEL: func.func @f(
// OFF: call @scaled
// OFF: call @plus
func.func @f(%x: !neve.array<f32>, %y: !neve.array<f32>, %a: f32) -> !neve.array<f32> {
  %s = call @scaled(%x, %a) {neve.role = "axpy.scale"} : (!neve.array<f32>, f32) -> !neve.array<f32>
  // expected-remark @+1 {{neve-fuse[axpy]: fused 'scaled' (line 29) and 'plus' (line 31) into a call of 'axpy'}}
  %r = call @plus(%s, %y) {neve.role = "axpy.add"} : (!neve.array<f32>, !neve.array<f32>) -> !neve.array<f32>
  return %r : !neve.array<f32>
}
