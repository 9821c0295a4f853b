// RUN: %neve-opt %s --neve-prune-dead-branches | FileCheck %s
// RUN: %neve-opt %s --sccp --neve-prune-dead-branches --canonicalize | FileCheck %s --check-prefix=PIPE
// neve-prune-dead-branches: a cf.cond_br on a constant becomes a cf.br to
// the taken successor, and the blocks no branch reaches (here a loop) are
// erased; a condition that is not constant stays. After SCCP, which makes
// the comparison of constants a constant, the device pipeline's order.

// CHECK-LABEL: func.func @dead_loop
// CHECK-NOT: ^bb
// CHECK: cf.br ^[[EXIT:bb[0-9]+]]
// CHECK-NOT: arith.addi
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: return
func.func @dead_loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %false = arith.constant false
  cf.cond_br %false, ^loop(%c0 : i32), ^exit
^loop(%p: i32):
  %q = arith.addi %p, %c1 : i32
  %more = arith.cmpi slt, %q, %n : i32
  cf.cond_br %more, ^loop(%q : i32), ^exit
^exit:
  return %n : i32
}

// CHECK-LABEL: func.func @taken
// CHECK: cf.br ^[[BODY:bb[0-9]+]](%{{.*}} : i32)
// CHECK: ^[[BODY]](%{{.*}}: i32):
// CHECK: arith.addi
func.func @taken(%n: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  cf.cond_br %true, ^body(%n : i32), ^exit
^body(%p: i32):
  %q = arith.addi %p, %c1 : i32
  return %q : i32
^exit:
  return %n : i32
}

// CHECK-LABEL: func.func @unknown
// CHECK: cf.cond_br %arg1
func.func @unknown(%n: i32, %c: i1) -> i32 {
  cf.cond_br %c, ^a, ^b
^a:
  return %n : i32
^b:
  %c1 = arith.constant 1 : i32
  return %c1 : i32
}

// PIPE-LABEL: func.func @dead_loop
// PIPE-NEXT: return %arg0 : i32
