// RUN: %neve-opt %s | %neve-opt | FileCheck %s
// Host pointers (`T[]` and foreign pointer types, §4.3) are !llvm.ptr: the
// reference ops (nil, nil tests, identity, nil checks, any) accept them.

// CHECK-LABEL: func.func @host_pointers
func.func @host_pointers(%p: !llvm.ptr, %q: !llvm.ptr) -> (i1, i1, !llvm.ptr) {
  // CHECK: %[[N:.*]] = neve.null : !llvm.ptr
  %n = neve.null : !llvm.ptr
  // CHECK: neve.is_nil %{{.*}} : !llvm.ptr
  %isnil = neve.is_nil %p : !llvm.ptr
  // CHECK: neve.ref_eq %{{.*}}, %{{.*}} : !llvm.ptr
  %eq = neve.ref_eq %p, %q : !llvm.ptr
  // CHECK: neve.nil_check %{{.*}}, "nil pointer" : !llvm.ptr
  neve.nil_check %p, "nil pointer" : !llvm.ptr
  // CHECK: %[[A:.*]] = neve.any_box %{{.*}} {type_name = "float[]"} : !llvm.ptr
  %a = neve.any_box %p {type_name = "float[]"} : !llvm.ptr
  // CHECK: neve.any_cast %[[A]] {type_name = "float[]"} : !llvm.ptr
  %b = neve.any_cast %a {type_name = "float[]"} : !llvm.ptr
  return %isnil, %eq, %b : i1, i1, !llvm.ptr
}
