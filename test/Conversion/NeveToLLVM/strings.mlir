// RUN: %neve-opt %s --convert-neve-to-llvm | FileCheck %s
// String literals are read-only {size, bytes + NUL} records, shared between
// equal literals; equality, ordering, concatenation and the text of scalars
// call the runtime.

// CHECK: llvm.mlir.global private constant @[[HELLO:".str.[0-9A-F]+"]]() {{.*}} : !llvm.struct<(i64, array<6 x i8>)>
// CHECK:   llvm.mlir.constant(5 : i64)
// CHECK:   llvm.mlir.constant("hello\00") : !llvm.array<6 x i8>
// CHECK-NOT: llvm.mlir.global {{.*}}array<6 x i8>

// CHECK-LABEL: llvm.func @literals
func.func @literals() -> (!neve.str, !neve.str) {
  // CHECK: %[[A:.*]] = llvm.mlir.addressof @[[HELLO]]
  // CHECK: %[[B:.*]] = llvm.mlir.addressof @[[HELLO]]
  %a = neve.str_constant "hello"
  %b = neve.str_constant "hello"
  return %a, %b : !neve.str, !neve.str
}

// CHECK-LABEL: llvm.func @equality
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr) -> i1
func.func @equality(%x: !neve.str, %y: !neve.str) -> i1 {
  // CHECK: %[[R:.*]] = llvm.call @neve_str_eq(%[[X]], %[[Y]]) : (!llvm.ptr, !llvm.ptr) -> i8
  // CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i8)
  // CHECK: %[[EQ:.*]] = llvm.icmp "ne" %[[R]], %[[Z]]
  // CHECK: llvm.return %[[EQ]]
  %eq = neve.str_eq %x, %y
  return %eq : i1
}

// CHECK-LABEL: llvm.func @ordering
// CHECK-SAME: (%[[X:.*]]: !llvm.ptr, %[[Y:.*]]: !llvm.ptr) -> i32
func.func @ordering(%x: !neve.str, %y: !neve.str) -> i32 {
  // CHECK: %[[C:.*]] = llvm.call @neve_str_cmp(%[[X]], %[[Y]]) : (!llvm.ptr, !llvm.ptr) -> i32
  // CHECK: llvm.return %[[C]]
  %c = neve.str_cmp %x, %y
  return %c : i32
}

// CHECK-LABEL: llvm.func @concat
// CHECK-SAME: (%[[S:[^:]*]]: !llvm.ptr, %[[I:[^:]*]]: i32, %[[L:[^:]*]]: i64, %[[F:[^:]*]]: f32, %[[B:[^:]*]]: i1, %[[C:[^:]*]]: i8, %[[H:[^:]*]]: i16)
func.func @concat(%s: !neve.str, %i: i32, %l: i64, %f: f32, %b: i1, %c: i8, %h: i16) -> !neve.str {
  // CHECK: %[[IW:.*]] = llvm.sext %[[I]] : i32 to i64
  // CHECK: %[[TI:.*]] = llvm.call @neve_str_from_i64(%[[IW]]) : (i64) -> !llvm.ptr
  // CHECK: %[[R1:.*]] = llvm.call @neve_str_concat(%[[S]], %[[TI]]) : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
  %ti = neve.to_str %i : i32
  %r1 = neve.str_concat %s, %ti
  // CHECK: %[[TL:.*]] = llvm.call @neve_str_from_i64(%[[L]])
  // CHECK: %[[R2:.*]] = llvm.call @neve_str_concat(%[[R1]], %[[TL]])
  %tl = neve.to_str %l : i64
  %r2 = neve.str_concat %r1, %tl
  // CHECK: %[[TF:.*]] = llvm.call @neve_str_from_f32(%[[F]]) : (f32) -> !llvm.ptr
  // CHECK: %[[R3:.*]] = llvm.call @neve_str_concat(%[[R2]], %[[TF]])
  %tf = neve.to_str %f : f32
  %r3 = neve.str_concat %r2, %tf
  // CHECK: %[[BB:.*]] = llvm.zext %[[B]] : i1 to i8
  // CHECK: %[[TB:.*]] = llvm.call @neve_str_from_bool(%[[BB]]) : (i8) -> !llvm.ptr
  // CHECK: %[[R4:.*]] = llvm.call @neve_str_concat(%[[R3]], %[[TB]])
  %tb = neve.to_str %b : i1
  %r4 = neve.str_concat %r3, %tb
  // CHECK: %[[TC:.*]] = llvm.call @neve_str_from_char(%[[C]]) : (i8) -> !llvm.ptr
  // CHECK: %[[R5:.*]] = llvm.call @neve_str_concat(%[[R4]], %[[TC]])
  %tc = neve.to_str %c {is_char} : i8
  %r5 = neve.str_concat %r4, %tc
  // CHECK: %[[HW:.*]] = llvm.sext %[[H]] : i16 to i64
  // CHECK: %[[TH:.*]] = llvm.call @neve_str_from_i64(%[[HW]])
  // CHECK: %[[R6:.*]] = llvm.call @neve_str_concat(%[[R5]], %[[TH]])
  // CHECK: llvm.return %[[R6]]
  %th = neve.to_str %h : i16
  %r6 = neve.str_concat %r5, %th
  return %r6 : !neve.str
}
