// RUN: %neve-opt %s --convert-neve-to-llvm --reconcile-unrealized-casts | FileCheck %s
// neve.check_index is one unsigned compare against N with a cold call of
// neve_fixed_index_error (index, N, location); neve.field_addr is the nil
// check and the GEP of the inline field.

neve.class @Filter ["n", "taps"] : [i32, !llvm.array<4 x f32>]

// CHECK-LABEL: llvm.func @check
// CHECK: %[[N:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK: %[[OUT:.*]] = llvm.icmp "uge" %arg0, %[[N]] : i64
// CHECK: llvm.cond_br %[[OUT]] weights([1, 1048576]), ^[[COLD:.*]], ^[[OK:.*]]
// CHECK: ^[[OK]]:
// CHECK-NEXT: llvm.return
// CHECK: ^[[COLD]]:
// CHECK: llvm.call @neve_fixed_index_error(%arg0, %[[N]], %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, !llvm.ptr, i32, i32) -> ()
// CHECK-NEXT: llvm.unreachable
func.func @check(%i: i64) {
  neve.check_index %i below 4 : i64 loc("t.nv":5:9)
  return
}

// CHECK-LABEL: llvm.func @addr
// CHECK: llvm.call @neve_rt_error
// CHECK: %[[P:.*]] = llvm.getelementptr %{{.*}}[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, array<4 x f32>)>
// CHECK: llvm.return %[[P]] : !llvm.ptr
func.func @addr(%o: !neve.object<"Filter">) -> !llvm.ptr {
  %p = neve.field_addr %o["taps"] : !neve.object<"Filter"> -> !llvm.ptr
  return %p : !llvm.ptr
}
