// RUN: %neve-opt %s --pass-pipeline='builtin.module(gpu.module(convert-neve-device-to-llvm{device-checks=true}))' | FileCheck %s --check-prefix=CHECKS
// RUN: %neve-opt %s --pass-pipeline='builtin.module(gpu.module(convert-neve-device-to-llvm))' | FileCheck %s --check-prefix=PLAIN
// Device checks (-g, -fdevice-checks): neve.device_print becomes gpu.printf
// (a bool as the address of "true" or "false"); a failing neve.assert,
// fixed-array check or division by zero prints where (file:line:col),
// the block and the thread, then traps. Without them, print and assert
// are gone and the checks only trap: the kernel makes no call.

// CHECKS: gpu.module @neve_kernels attributes {neve.device_checks}
// CHECKS: llvm.mlir.global internal constant @neve.bool_text("true\00false\00")
// CHECKS-LABEL: gpu.func @k(
// CHECKS: llvm.mlir.addressof @neve.bool_text
// CHECKS: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i64
// CHECKS: %[[WORD:.*]] = llvm.ptrtoint
// CHECKS: gpu.printf "i = %d, ok = %s\0A", %{{.*}}, %[[WORD]] : i32, i64
// The assert: a cold branch that reports and traps.
// CHECKS: llvm.xor
// CHECKS: llvm.cond_br %{{.*}} weights([1, 1048576]), ^[[FAIL:.*]], ^
// CHECKS: gpu.printf "k.nv:6:5: device error in block (%d, %d, %d), thread (%d, %d, %d): assertion failed: i in range, 100%% sure\0A"
// CHECKS-NEXT: llvm.intr.trap
// CHECKS-NEXT: llvm.unreachable
// CHECKS: gpu.printf "k.nv:8:5: device error in block (%d, %d, %d), thread (%d, %d, %d): integer division by zero\0A"
// CHECKS-NEXT: llvm.intr.trap
// The index check (its cold block last) reports the index.
// CHECKS: gpu.printf "k.nv:7:5: device error in block (%d, %d, %d), thread (%d, %d, %d): index %lld out of range for a fixed array of size 4\0A", {{.*}} : i32, i32, i32, i32, i32, i32, i64
// CHECKS-NEXT: llvm.intr.trap

// PLAIN-NOT: neve.device_checks
// PLAIN-LABEL: gpu.func @k(
// PLAIN-NOT: gpu.printf
// PLAIN-NOT: neve.
// PLAIN-NOT: llvm.xor
// PLAIN: llvm.icmp "uge"
// PLAIN-NOT: gpu.printf
// PLAIN: llvm.intr.trap
// PLAIN-NOT: gpu.printf
// PLAIN: gpu.return
// PLAIN-NOT: gpu.printf
// PLAIN: llvm.intr.trap
// PLAIN-NOT: gpu.printf
gpu.module @neve_kernels {
  gpu.func @k(%i: i32, %ok: i1, %j: i64, %a: i32, %b: i32, %p: !llvm.ptr) kernel {
    neve.device_print "i = %d, ok = %s\0A" (%i, %ok : i32, i1) loc("k.nv":5:5)
    neve.assert %ok, "i in range, 100% sure" loc("k.nv":6:5)
    neve.check_index %j below 4 : i64 loc("k.nv":7:5)
    %q = neve.divi %a, %b : i32 loc("k.nv":8:5)
    llvm.store %q, %p : i32, !llvm.ptr
    gpu.return
  }
}
