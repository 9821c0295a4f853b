// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// RUN: %neve-opt %s --canonicalize | FileCheck %s --check-prefix=CHECK-CANON
// The ops behind fixed arrays T[N] (§4.3): neve.check_index and
// neve.field_addr print and parse back; canonicalization removes a check of
// a constant index in range and keeps one out of range (it must fail at run
// time) and one of an unknown index.

neve.class @Filter ["taps", "n"] : [!llvm.array<4 x f32>, i32]

// CHECK-LABEL: func.func @ops
// CHECK: neve.check_index %{{.*}} below 4 : i64
// CHECK: neve.field_addr %{{.*}}["taps"] : !neve.object<"Filter"> -> !llvm.ptr
// CHECK-CANON-LABEL: func.func @ops
// CHECK-CANON-NOT: neve.check_index %c2
// CHECK-CANON: %[[FOUR:.*]] = arith.constant 4 : i64
// CHECK-CANON: neve.check_index %[[FOUR]] below 4 : i64
// CHECK-CANON: neve.check_index %arg1 below 4 : i64
// CHECK-CANON-NOT: neve.check_index
func.func @ops(%o: !neve.object<"Filter">, %i: i64) -> !llvm.ptr {
  %c2 = arith.constant 2 : i64
  %c4 = arith.constant 4 : i64
  neve.check_index %c2 below 4 : i64
  neve.check_index %c4 below 4 : i64
  neve.check_index %i below 4 : i64
  %p = neve.field_addr %o["taps"] : !neve.object<"Filter"> -> !llvm.ptr
  return %p : !llvm.ptr
}
