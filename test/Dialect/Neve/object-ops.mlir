// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// RUN: %neve-opt %s --canonicalize | FileCheck %s --check-prefix=CHECK-CANON
// The class and object ops print and parse back; an object that is only
// allocated is removed by canonicalization (dead object elimination).

// CHECK-LABEL: neve.class @Interval ["lo", "hi", "name"] : [f32, f32, !neve.str]
neve.class @Interval ["lo", "hi", "name"] : [f32, f32, !neve.str]
neve.class @Empty [] : []

// CHECK-LABEL: func.func @fields
func.func @fields(%x: f32) -> f32 {
  // CHECK: %[[O:.*]] = neve.new : !neve.object<"Interval">
  %o = neve.new : !neve.object<"Interval">
  // CHECK: neve.field_set %{{.*}}, %[[O]]["lo"] : f32, !neve.object<"Interval">
  neve.field_set %x, %o["lo"] : f32, !neve.object<"Interval">
  // CHECK: neve.nil_check %[[O]], "nil object" : !neve.object<"Interval">
  neve.nil_check %o, "nil object" : !neve.object<"Interval">
  // CHECK: neve.field_get %[[O]]["lo"] : !neve.object<"Interval"> -> f32
  %lo = neve.field_get %o["lo"] : !neve.object<"Interval"> -> f32
  return %lo : f32
}

func.func private @"Empty.$init"() -> !neve.object<"Empty">

// CHECK-LABEL: func.func @singleton
func.func @singleton() -> !neve.object<"Empty"> {
  %f = func.constant @"Empty.$init" : () -> !neve.object<"Empty">
  // CHECK: neve.singleton %{{.*}} : () -> !neve.object<"Empty"> -> !neve.object<"Empty">
  %s = neve.singleton %f : () -> !neve.object<"Empty"> -> !neve.object<"Empty">
  return %s : !neve.object<"Empty">
}

// CHECK-CANON-LABEL: func.func @unused_object
// CHECK-CANON-NOT: neve.new
// CHECK-CANON: return
func.func @unused_object() {
  %o = neve.new : !neve.object<"Empty">
  return
}
