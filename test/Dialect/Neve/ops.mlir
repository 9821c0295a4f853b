// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// Every neve op prints in a form that parses back to the same op.

// CHECK-LABEL: func.func @strings
func.func @strings() -> i1 {
  // CHECK: %[[A:.*]] = neve.str_constant "a\0Ab"
  %a = neve.str_constant "a\0Ab"
  // CHECK: %[[B:.*]] = neve.str_constant ""
  %b = neve.str_constant ""
  // CHECK: neve.str_eq %[[A]], %[[B]]
  %eq = neve.str_eq %a, %b
  return %eq : i1
}

// CHECK-LABEL: func.func @printing
func.func @printing(%i: i32, %l: i64, %f: f32, %b: i1, %c: i8, %s: !neve.str) {
  // CHECK: neve.print %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i64, f32, i1, i8, !neve.str
  neve.print %i, %l, %f, %b, %c, %s : i32, i64, f32, i1, i8, !neve.str
  // CHECK: neve.print %{{.*}} : f32 {newline = false}
  neve.print %f : f32 {newline = false}
  // CHECK: neve.print{{$}}
  neve.print
  return
}

// CHECK-LABEL: func.func @division
func.func @division(%a: i32, %b: i32, %c: i64) -> (i32, i32, i32, i64) {
  // CHECK: neve.divi %{{.*}}, %{{.*}} : i32
  %q = neve.divi %a, %b : i32
  // CHECK: neve.remi %{{.*}}, %{{.*}} : i32
  %r = neve.remi %a, %b : i32
  // CHECK: neve.ceildivi %{{.*}}, %{{.*}} : i32
  %c2 = neve.ceildivi %a, %b : i32
  // CHECK: neve.divi %{{.*}}, %{{.*}} : i64
  %q64 = neve.divi %c, %c : i64
  return %q, %r, %c2, %q64 : i32, i32, i32, i64
}
