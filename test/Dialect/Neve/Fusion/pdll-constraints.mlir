// The native constraints and rewrite of PDL fusion patterns
// (PdlFusion.cpp, Fusion.pdll), each in a pattern of
// Inputs/pdll-constraints.pdll that -ffusion-patterns= compiles with
// mlir-pdll, and once as the PDL IR mlir-pdll writes: every constraint
// turns a fusion off in a function here.
// RUN: %neve-opt %s -ffusion-patterns=%S/Inputs/pdll-constraints.pdll --neve-fuse="patterns=MulAdd,MulAddAt" -verify-diagnostics | FileCheck %s
// RUN: %neve-opt %s -ffusion-patterns=%S/Inputs/pdll-constraints.pdll --neve-fuse="patterns=SameBlockOnly" 2>/dev/null | FileCheck %s --check-prefix=SAME
// RUN: %neve-opt %s -ffusion-patterns=%S/Inputs/pdll-constraints.pdll --neve-fuse="patterns=NegMulAdd" 2>/dev/null | FileCheck %s --check-prefix=THREE
// RUN: %neve-opt %s -ffusion-patterns=%S/Inputs/pdll-constraints.pdll --neve-fuse="patterns=NegTimesRange" 2>/dev/null | FileCheck %s --check-prefix=RANGE
// RUN: mlir-pdll %S/Inputs/pdll-constraints.pdll -x mlir -I %neve_obj_root/include -o %t.pdl.mlir
// RUN: %neve-opt %s -ffusion-patterns=%t.pdl.mlir --neve-fuse="patterns=MulAdd" 2>/dev/null | FileCheck %s --check-prefix=PDLIR
// Loaded but not selected, the patterns leave everything alone.
// RUN: %neve-opt %s -ffusion-patterns=%S/Inputs/pdll-constraints.pdll --neve-fuse="patterns=add-relu" | FileCheck %s --check-prefix=OFF

func.func private @times(f32, f32) -> f32 attributes {neve.role = "test.mul"}
func.func private @plus(f32, f32) -> f32 attributes {neve.role = "test.add"}
func.func private @neg(f32) -> f32 attributes {neve.role = "test.neg"}
func.func private @effect()
func.func private @muladd(f32, f32, f32) -> f32 attributes {neve.role = "test.fused"}
func.func private @negmuladd(f32, f32, f32) -> f32 attributes {neve.role = "test.negfused"}
func.func private @times_i(i32, i32) -> i32 attributes {neve.role = "test.mul"}
func.func private @plus_i(i32, i32) -> i32 attributes {neve.role = "test.add"}
func.func private @times_at(f32, f32, !neve.str) -> f32 attributes {neve.role = "test.mul_at"}
func.func private @plus_at(f32, f32, !neve.str) -> f32 attributes {neve.role = "test.add_at"}
func.func private @muladd_at(f32, f32, f32, !neve.str) -> f32 attributes {neve.role = "test.fused_at"}
func.func private @times2(f32, f32) -> f32 attributes {neve.role = "test.mul2"}
func.func private @negtimes(f32, f32) -> f32 attributes {neve.role = "test.negtimes"}
func.func private @times3(f32, f32, f32) -> f32 attributes {neve.role = "test.mul2"}

// CHECK-LABEL: func.func @fused(
// CHECK-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32
// CHECK-NEXT: %[[R:.*]] = call @muladd(%[[X]], %[[Y]], %[[Z]]) {neve.role = "test.fused"}
// CHECK-NEXT: return %[[R]]
// SAME-LABEL: func.func @fused(
// SAME-NEXT: call @muladd
// PDLIR-LABEL: func.func @fused(
// PDLIR-NEXT: call @muladd
// OFF-LABEL: func.func @fused(
// OFF-NEXT: call @times
// OFF-NEXT: call @plus
func.func @fused(%x: f32, %y: f32, %z: f32) -> f32 {
  %m = call @times(%x, %y) {neve.role = "test.mul"} : (f32, f32) -> f32
  // expected-remark @+1 {{neve-fuse[MulAdd]: fused 'times' (line 42) and 'plus' (line 44) into a call of 'muladd'}}
  %r = call @plus(%m, %z) {neve.role = "test.add"} : (f32, f32) -> f32
  return %r : f32
}

// NeveSingleUse: the product is returned too. SameBlockOnly fuses and
// keeps the product's call, which muladd's operands do not replace.
// CHECK-LABEL: func.func @read_twice(
// CHECK-NEXT: call @times
// CHECK-NEXT: call @plus
// SAME-LABEL: func.func @read_twice(
// SAME-NEXT: %[[M:.*]] = call @times
// SAME-NEXT: %[[R:.*]] = call @muladd
// SAME-NEXT: return %[[R]], %[[M]]
func.func @read_twice(%x: f32, %y: f32, %z: f32) -> (f32, f32) {
  %m = call @times(%x, %y) {neve.role = "test.mul"} : (f32, f32) -> f32
  %r = call @plus(%m, %z) {neve.role = "test.add"} : (f32, f32) -> f32
  return %r, %m : f32, f32
}

// NeveNothingWritesBetween: a call that may write memory between.
// CHECK-LABEL: func.func @write_between(
// CHECK-NEXT: call @times
// CHECK-NEXT: call @effect
// CHECK-NEXT: call @plus
// SAME-LABEL: func.func @write_between(
// SAME-NEXT: call @effect
// SAME-NEXT: call @muladd
func.func @write_between(%x: f32, %y: f32, %z: f32) -> f32 {
  %m = call @times(%x, %y) {neve.role = "test.mul"} : (f32, f32) -> f32
  call @effect() : () -> ()
  %r = call @plus(%m, %z) {neve.role = "test.add"} : (f32, f32) -> f32
  return %r : f32
}

// NeveNothingWritesBetween and NeveSameBlock: the calls in two blocks.
// CHECK-LABEL: func.func @other_block(
// CHECK: call @times
// CHECK: call @plus
// SAME-LABEL: func.func @other_block(
// SAME: call @times
// SAME: call @plus
func.func @other_block(%x: f32, %y: f32, %z: f32) -> f32 {
  %m = call @times(%x, %y) {neve.role = "test.mul"} : (f32, f32) -> f32
  cf.br ^next
^next:
  %r = call @plus(%m, %z) {neve.role = "test.add"} : (f32, f32) -> f32
  return %r : f32
}

// NeveOutsideBarrier: inside a function declaring the replacement role
// (a fallback that computes the chain itself).
// CHECK-LABEL: func.func @muladd_fallback(
// CHECK-NEXT: call @times
// CHECK-NEXT: call @plus
func.func @muladd_fallback(%x: f32, %y: f32, %z: f32) -> f32 attributes {neve.role = "test.fused"} {
  %m = call @times(%x, %y) {neve.role = "test.mul"} : (f32, f32) -> f32
  %r = call @plus(%m, %z) {neve.role = "test.add"} : (f32, f32) -> f32
  return %r : f32
}

// NeveHasReplacement3: no function declares test.fused over i32.
// CHECK-LABEL: func.func @no_replacement(
// CHECK-NEXT: call @times_i
// CHECK-NEXT: call @plus_i
// SAME-LABEL: func.func @no_replacement(
// SAME-NEXT: call @times_i
// SAME-NEXT: call @plus_i
func.func @no_replacement(%x: i32, %y: i32, %z: i32) -> i32 {
  %m = call @times_i(%x, %y) {neve.role = "test.mul"} : (i32, i32) -> i32
  %r = call @plus_i(%m, %z) {neve.role = "test.add"} : (i32, i32) -> i32
  return %r : i32
}

// NeveRole: the sum is not test.add.
// CHECK-LABEL: func.func @other_role(
// CHECK-NEXT: call @times
// CHECK-NEXT: call @plus
func.func @other_role(%x: f32, %y: f32, %z: f32) -> f32 {
  %m = call @times(%x, %y) {neve.role = "test.mul"} : (f32, f32) -> f32
  %r = call @plus(%m, %z) {neve.role = "test.neg"} : (f32, f32) -> f32
  return %r : f32
}

// Three calls: the middle one is the chain, not a write between; all three
// go. (MulAdd, of the first run, takes the last two.)
// THREE-LABEL: func.func @three(
// THREE-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32
// THREE-NEXT: %[[R:.*]] = call @negmuladd(%[[X]], %[[Y]], %[[Z]]) {neve.role = "test.negfused"}
// THREE-NEXT: return %[[R]]
// CHECK-LABEL: func.func @three(
// CHECK-NEXT: call @neg
// CHECK-NEXT: call @muladd
func.func @three(%x: f32, %y: f32, %z: f32) -> f32 {
  %n = call @neg(%x) {neve.role = "test.neg"} : (f32) -> f32
  %m = call @times(%n, %y) {neve.role = "test.mul"} : (f32, f32) -> f32
  // expected-remark @+1 {{neve-fuse[MulAdd]: fused 'times' (line 138) and 'plus' (line 140) into a call of 'muladd'}}
  %r = call @plus(%m, %z) {neve.role = "test.add"} : (f32, f32) -> f32
  return %r : f32
}

// ... but a write between the first two is one (and between the last
// two, for MulAdd).
// THREE-LABEL: func.func @three_write(
// THREE-NEXT: call @neg
// THREE-NEXT: call @effect
// THREE-NEXT: call @times
// THREE-NEXT: call @effect
// THREE-NEXT: call @plus
func.func @three_write(%x: f32, %y: f32, %z: f32) -> f32 {
  %n = call @neg(%x) {neve.role = "test.neg"} : (f32) -> f32
  call @effect() : () -> ()
  %m = call @times(%n, %y) {neve.role = "test.mul"} : (f32, f32) -> f32
  call @effect() : () -> ()
  %r = call @plus(%m, %z) {neve.role = "test.add"} : (f32, f32) -> f32
  return %r : f32
}

// The replacement receives the sum's caller position.
// CHECK-LABEL: func.func @at(
// CHECK-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[Z:.*]]: f32, %[[AT1:.*]]: !neve.str, %[[AT2:.*]]: !neve.str
// CHECK-NEXT: %[[R:.*]] = call @muladd_at(%[[X]], %[[Y]], %[[Z]], %[[AT2]]) {neve.role = "test.fused_at"}
// CHECK-NEXT: return %[[R]]
func.func @at(%x: f32, %y: f32, %z: f32, %at1: !neve.str, %at2: !neve.str) -> f32 {
  %m = call @times_at(%x, %y, %at1) {neve.role = "test.mul_at"} : (f32, f32, !neve.str) -> f32
  // expected-remark @+1 {{neve-fuse[MulAddAt]: fused 'times_at' (line 167) and 'plus_at' (line 169) into a call of 'muladd_at'}}
  %r = call @plus_at(%m, %z, %at2) {neve.role = "test.add_at"} : (f32, f32, !neve.str) -> f32
  return %r : f32
}

// The values as one range (NeveHasReplacementRange).
// RANGE-LABEL: func.func @range(
// RANGE-SAME: %[[X:.*]]: f32, %[[Y:.*]]: f32
// RANGE-NEXT: %[[R:.*]] = call @negtimes(%[[X]], %[[Y]]) {neve.role = "test.negtimes"}
// RANGE-NEXT: return %[[R]]
// RANGE-LABEL: func.func @range_other_types(
// RANGE-NEXT: call @times3
// RANGE-NEXT: call @neg
func.func @range(%x: f32, %y: f32) -> f32 {
  %m = call @times2(%x, %y) {neve.role = "test.mul2"} : (f32, f32) -> f32
  %r = call @neg(%m) {neve.role = "test.neg"} : (f32) -> f32
  return %r : f32
}

// No negtimes takes three values.
func.func @range_other_types(%x: f32, %y: f32, %z: f32) -> f32 {
  %m = call @times3(%x, %y, %z) {neve.role = "test.mul2"} : (f32, f32, f32) -> f32
  %r = call @neg(%m) {neve.role = "test.neg"} : (f32) -> f32
  return %r : f32
}
