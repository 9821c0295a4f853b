// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// Host pointers (!llvm.ptr, §4.3): nil is the null pointer, nil tests and
// identity compare pointers, and any boxes hold the pointer with its type
// name, like references.

// CHECK: llvm.mlir.global private constant @[[NAME:".cstr.[0-9A-F]+"]](){{.*}}neve.contents = "vec_cpu"

// CHECK-LABEL: llvm.func @host_pointers
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr, %[[Q:.*]]: !llvm.ptr)
func.func @host_pointers(%p: !llvm.ptr, %q: !llvm.ptr) -> (!llvm.ptr, i1, i1, !neve.any) {
  // CHECK: %[[N:.*]] = llvm.mlir.zero : !llvm.ptr
  %n = neve.null : !llvm.ptr
  // CHECK: %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
  // CHECK: llvm.icmp "eq" %[[P]], %[[Z]] : !llvm.ptr
  %isnil = neve.is_nil %p : !llvm.ptr
  // CHECK: llvm.icmp "eq" %[[P]], %[[Q]] : !llvm.ptr
  %eq = neve.ref_eq %p, %q : !llvm.ptr
  // CHECK: %[[S:.*]] = llvm.mlir.addressof @[[NAME]] : !llvm.ptr
  // CHECK: llvm.call @neve_any_box(%{{.*}}, %[[P]]) : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  %a = neve.any_box %p {type_name = "vec_cpu"} : !llvm.ptr
  return %n, %isnil, %eq, %a : !llvm.ptr, i1, i1, !neve.any
}
