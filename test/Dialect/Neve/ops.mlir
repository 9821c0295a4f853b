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

// CHECK-LABEL: func.func @string_building
func.func @string_building(%s: !neve.str, %i: i32, %l: i64, %f: f32, %b: i1, %c: i8) -> (!neve.str, i32) {
  // CHECK: %[[N:.*]] = neve.nil
  %n = neve.nil
  // CHECK: neve.to_str %{{.*}} : i32
  %ti = neve.to_str %i : i32
  // CHECK: neve.to_str %{{.*}} : i64
  %tl = neve.to_str %l : i64
  // CHECK: neve.to_str %{{.*}} : f32
  %tf = neve.to_str %f : f32
  // CHECK: neve.to_str %{{.*}} : i1
  %tb = neve.to_str %b : i1
  // CHECK: neve.to_str %{{.*}} {is_char} : i8
  %tc = neve.to_str %c {is_char} : i8
  // CHECK: neve.to_str %{{.*}} : i8
  %t8 = neve.to_str %c : i8
  // CHECK: %[[CAT:.*]] = neve.str_concat %{{.*}}, %[[N]]
  %cat = neve.str_concat %s, %n
  // CHECK: neve.str_cmp %[[CAT]], %{{.*}}
  %cmp = neve.str_cmp %cat, %tc
  return %cat, %cmp : !neve.str, i32
}

// CHECK-LABEL: func.func @printing
func.func @printing(%i: i32, %l: i64, %f: f32, %b: i1, %c: i8, %s: !neve.str) {
  // CHECK: neve.print %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i64, f32, i1, i8, !neve.str
  neve.print %i, %l, %f, %b, %c, %s : i32, i64, f32, i1, i8, !neve.str
  // CHECK: neve.print %{{.*}} : f32 {newline = false}
  neve.print %f : f32 {newline = false}
  // CHECK: neve.print %{{.*}}, %{{.*}} : i8, i8 {chars = array<i1: true, false>}
  neve.print %c, %c : i8, i8 {chars = array<i1: true, false>}
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

// CHECK-LABEL: func.func @arrays
func.func @arrays(%x: i32, %i: i64, %s: !neve.str, %c: i8) -> (!neve.array<i32>, i32, i64) {
  // CHECK: %[[A:.*]] = neve.array_new[%{{.*}}, %{{.*}} : i32, i32] : !neve.array<i32>
  %a = neve.array_new [%x, %x : i32, i32] : !neve.array<i32>
  // CHECK: neve.array_new : !neve.array<!neve.str>
  %e = neve.array_new : !neve.array<!neve.str>
  // CHECK: neve.array_size %[[A]] : !neve.array<i32>
  %n = neve.array_size %a : !neve.array<i32>
  // CHECK: neve.array_get %[[A]][%{{.*}}] : !neve.array<i32>
  %y = neve.array_get %a[%i] : !neve.array<i32>
  // CHECK: neve.array_set %{{.*}}, %[[A]][%{{.*}}] : !neve.array<i32>
  neve.array_set %x, %a[%i] : !neve.array<i32>
  // CHECK: neve.array_append %{{.*}}, %{{.*}} : !neve.array<!neve.str>
  neve.array_append %e, %s : !neve.array<!neve.str>
  // CHECK: neve.array_print %[[A]] : !neve.array<i32>
  neve.array_print %a : !neve.array<i32>
  %cs = neve.array_new [%c : i8] : !neve.array<i8>
  // CHECK: neve.array_print %{{.*}} {is_char} : !neve.array<i8>
  neve.array_print %cs {is_char} : !neve.array<i8>
  return %a, %y, %n : !neve.array<i32>, i32, i64
}

// CHECK-LABEL: func.func @array_folds
func.func @array_folds(%a: !neve.array<f32>, %s: i64) -> (f32, !neve.array<f32>, !neve.array<f32>) {
  // CHECK: neve.array_reduce %{{.*}} {product} : !neve.array<f32>
  %x = neve.array_reduce %a {product} : !neve.array<f32>
  // CHECK: neve.array_scan %{{.*}} : !neve.array<f32>
  %y = neve.array_scan %a : !neve.array<f32>
  // CHECK: neve.array_slice %{{.*}}[%{{.*}} : %{{.*}}] : !neve.array<f32>
  %z = neve.array_slice %a[%s : %s] : !neve.array<f32>
  // CHECK: neve.array_clear %{{.*}} : !neve.array<f32>
  neve.array_clear %a : !neve.array<f32>
  // CHECK: neve.array_shuffle %{{.*}} : !neve.array<f32>
  neve.array_shuffle %a : !neve.array<f32>
  return %x, %y, %z : f32, !neve.array<f32>, !neve.array<f32>
}
