// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// The value ops (nil, nil tests, identity, nil checks, tuples, any) print in
// a form that parses back to the same op, with inferred tuple types.

// CHECK-LABEL: func.func @nil_and_identity
func.func @nil_and_identity(%a: !neve.array<i32>, %o: !neve.object<"Node">,
                            %f: (i32) -> i32) -> (i1, i1, i1) {
  // CHECK: %[[N:.*]] = neve.null : !neve.array<i32>
  %n = neve.null : !neve.array<i32>
  // CHECK: neve.null : !neve.object<"Node">
  %no = neve.null : !neve.object<"Node">
  // CHECK: neve.null : (i32) -> i32
  %nf = neve.null : (i32) -> i32
  // CHECK: neve.null : !neve.any
  %na = neve.null : !neve.any
  // CHECK: neve.is_nil %{{.*}} : !neve.array<i32>
  %isnil = neve.is_nil %a : !neve.array<i32>
  // CHECK: neve.ref_eq %{{.*}}, %[[N]] : !neve.array<i32>
  %eq = neve.ref_eq %a, %n : !neve.array<i32>
  // CHECK: neve.ref_eq %{{.*}}, %{{.*}} : (i32) -> i32
  %feq = neve.ref_eq %f, %nf : (i32) -> i32
  // CHECK: neve.nil_check %{{.*}}, "call of a nil function value" : (i32) -> i32
  neve.nil_check %f, "call of a nil function value" : (i32) -> i32
  return %isnil, %eq, %feq : i1, i1, i1
}

// CHECK-LABEL: func.func @tuples
func.func @tuples(%i: i32, %s: !neve.str) -> (tuple<i32, !neve.str>, !neve.str) {
  // CHECK: %[[T:.*]] = neve.tuple_make %{{.*}}, %{{.*}} : i32, !neve.str
  %t = neve.tuple_make %i, %s : i32, !neve.str
  // CHECK: neve.tuple_get %[[T]][1] : tuple<i32, !neve.str>
  %x = neve.tuple_get %t[1] : tuple<i32, !neve.str>
  return %t, %x : tuple<i32, !neve.str>, !neve.str
}

// CHECK-LABEL: func.func @any
func.func @any(%a: !neve.array<i32>, %f: (i32) -> i32) -> (!neve.array<i32>, (i32) -> i32) {
  // CHECK: %[[B:.*]] = neve.any_box %{{.*}} {type_name = "array<int>"} : !neve.array<i32>
  %b = neve.any_box %a {type_name = "array<int>"} : !neve.array<i32>
  // CHECK: neve.any_cast %[[B]] {type_name = "array<int>"} : !neve.array<i32>
  %c = neve.any_cast %b {type_name = "array<int>"} : !neve.array<i32>
  // CHECK: neve.any_box %{{.*}} {type_name = "Function<int, int>"} : (i32) -> i32
  %bf = neve.any_box %f {type_name = "Function<int, int>"} : (i32) -> i32
  %cf = neve.any_cast %bf {type_name = "Function<int, int>"} : (i32) -> i32
  return %c, %cf : !neve.array<i32>, (i32) -> i32
}
