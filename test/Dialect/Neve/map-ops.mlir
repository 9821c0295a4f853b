// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// The map ops and the str methods print in a form that parses back to the
// same ops (key and value types come from the map type).

// CHECK-LABEL: func.func @maps
func.func @maps(%m: !neve.map<!neve.str, i32>, %k: !neve.str, %v: i32) -> (i32, i1, i64) {
  // CHECK: neve.map_new : !neve.map<!neve.str, i32>
  %n = neve.map_new : !neve.map<!neve.str, i32>
  // CHECK: neve.map_new {key_is_char} : !neve.map<i8, f32>
  %c = neve.map_new {key_is_char} : !neve.map<i8, f32>
  // CHECK: neve.map_set %{{.*}}, %{{.*}}[%{{.*}}] : !neve.map<!neve.str, i32>
  neve.map_set %v, %m[%k] : !neve.map<!neve.str, i32>
  // CHECK: neve.map_get %{{.*}}[%{{.*}}] : !neve.map<!neve.str, i32>
  %x = neve.map_get %m[%k] : !neve.map<!neve.str, i32>
  // CHECK: neve.map_has %{{.*}}[%{{.*}}] : !neve.map<!neve.str, i32>
  %h = neve.map_has %m[%k] : !neve.map<!neve.str, i32>
  // CHECK: neve.map_size %{{.*}} : !neve.map<!neve.str, i32>
  %s = neve.map_size %m : !neve.map<!neve.str, i32>
  // CHECK: neve.map_clear %{{.*}} : !neve.map<!neve.str, i32>
  neve.map_clear %m : !neve.map<!neve.str, i32>
  // CHECK: neve.map_keys %{{.*}} : !neve.map<!neve.str, i32> -> !neve.array<!neve.str>
  %ks = neve.map_keys %m : !neve.map<!neve.str, i32> -> !neve.array<!neve.str>
  // CHECK: neve.map_values %{{.*}} : !neve.map<!neve.str, i32> -> !neve.array<i32>
  %vs = neve.map_values %m : !neve.map<!neve.str, i32> -> !neve.array<i32>
  return %x, %h, %s : i32, i1, i64
}

// CHECK-LABEL: func.func @key_and_value_types
func.func @key_and_value_types(%a: !neve.map<i1, !neve.array<i64>>, %b: i1,
                               %c: !neve.map<f32, !neve.map<i16, i8>>, %f: f32,
                               %d: !neve.map<!neve.object<"Node">, !neve.str>,
                               %o: !neve.object<"Node">) {
  // CHECK: neve.map_get %{{.*}}[%{{.*}}] : !neve.map<i1, !neve.array<i64>>
  %x = neve.map_get %a[%b] : !neve.map<i1, !neve.array<i64>>
  // CHECK: neve.map_get %{{.*}}[%{{.*}}] : !neve.map<f32, !neve.map<i16, i8>>
  %y = neve.map_get %c[%f] : !neve.map<f32, !neve.map<i16, i8>>
  // CHECK: neve.map_get %{{.*}}[%{{.*}}] {inner_key_is_char} : !neve.map<i1, !neve.map<i8, i8>>
  %g = neve.map_new : !neve.map<i1, !neve.map<i8, i8>>
  %w = neve.map_get %g[%b] {inner_key_is_char} : !neve.map<i1, !neve.map<i8, i8>>
  // CHECK: neve.map_has %{{.*}}[%{{.*}}] : !neve.map<!neve.object<"Node">, !neve.str>
  %z = neve.map_has %d[%o] : !neve.map<!neve.object<"Node">, !neve.str>
  return
}

// CHECK-LABEL: func.func @str_methods
func.func @str_methods(%s: !neve.str, %i: i64) -> (i64, i8, !neve.str, !neve.array<!neve.str>) {
  // CHECK: neve.str_size %{{.*}}
  %n = neve.str_size %s
  // CHECK: neve.str_get %{{.*}}[%{{.*}}]
  %c = neve.str_get %s[%i]
  // CHECK: neve.str_slice %{{.*}}[%{{.*}} : %{{.*}}]
  %t = neve.str_slice %s[%i : %n]
  // CHECK: neve.str_split %{{.*}}, %{{.*}} : !neve.array<!neve.str>
  %f = neve.str_split %s, %t : !neve.array<!neve.str>
  return %n, %c, %t, %f : i64, i8, !neve.str, !neve.array<!neve.str>
}
