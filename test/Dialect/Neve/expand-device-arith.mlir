// RUN: %neve-opt %s --neve-expand-device-arith | FileCheck %s
// neve-expand-device-arith: the integer divisions that round up or down
// become divsi/divui and fix-ups (NVVM has no lowering for them); the
// float maxima and minima stay, for NVPTX's max.NaN.f32 / max.f32.

// CHECK-LABEL: func.func @minmax
// CHECK: arith.maximumf
// CHECK: arith.minimumf
// CHECK: arith.maxnumf
// CHECK: arith.minnumf
// CHECK-NOT: arith.cmpf
// CHECK-NOT: arith.select
// CHECK: return
func.func @minmax(%a: f32, %b: f32) -> (f32, f32, f32, f32) {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minimumf %a, %b : f32
  %2 = arith.maxnumf %a, %b : f32
  %3 = arith.minnumf %a, %b : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// CHECK-LABEL: func.func @divisions
// CHECK-NOT: arith.ceildivsi
// CHECK-NOT: arith.ceildivui
// CHECK-NOT: arith.floordivsi
// CHECK: arith.divsi
// CHECK: arith.divui
// CHECK: arith.divsi
// CHECK: return
func.func @divisions(%x: i32, %y: i32) -> (i32, i32, i32) {
  %0 = arith.ceildivsi %x, %y : i32
  %1 = arith.ceildivui %x, %y : i32
  %2 = arith.floordivsi %x, %y : i32
  return %0, %1, %2 : i32, i32, i32
}
