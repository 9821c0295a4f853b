// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.view: the memref descriptor built from the pointer (allocated and
// aligned pointers, offset 0, the extents and their row-major suffix
// products as strides), cast to the lowered view type
// memref<?x?xT, strided<[?, 1], offset: ?>>.

// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index
// CHECK-NOT: layout.
// CHECK-DAG: %[[M64:.*]] = arith.index_cast %[[M]] : index to i64
// CHECK-DAG: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[D0:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// CHECK: %[[D1:.*]] = llvm.insertvalue %[[P]], %[[D0]][0]
// CHECK: %[[D2:.*]] = llvm.insertvalue %[[P]], %[[D1]][1]
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK: %[[D3:.*]] = llvm.insertvalue %[[ZERO]], %[[D2]][2]
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: %[[D4:.*]] = llvm.insertvalue %[[N64]], %[[D3]][3, 1]
// CHECK: %[[D5:.*]] = llvm.insertvalue %[[ONE]], %[[D4]][4, 1]
// CHECK: %[[S0:.*]] = llvm.mul %[[ONE]], %[[N64]] : i64
// CHECK: %[[D6:.*]] = llvm.insertvalue %[[M64]], %[[D5]][3, 0]
// CHECK: %[[D7:.*]] = llvm.insertvalue %[[S0]], %[[D6]][4, 0]
// CHECK: %[[V:.*]] = builtin.unrealized_conversion_cast %[[D7]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<?x?xf32, strided<[?, 1], offset: ?>>
// CHECK: memref.load %[[V]][%{{.*}}, %{{.*}}] : memref<?x?xf32, strided<[?, 1], offset: ?>>
func.func @dynamic(%p: !llvm.ptr, %m: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %v = layout.view %p(%m, %n) : !llvm.ptr -> !layout.view<?x?xf32, global>
  %x = layout.load %v[%c0, %c0] : !layout.view<?x?xf32, global>
  return %x : f32
}

// Static extents are constants; the strides of 4x8x16 are 128, 16, 1.
// CHECK-LABEL: func.func @static(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr
// CHECK-DAG: %[[E0:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-DAG: %[[E1:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK-DAG: %[[E2:.*]] = llvm.mlir.constant(16 : i64) : i64
// CHECK: llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)>
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK: llvm.insertvalue %[[E2]], %{{.*}}[3, 2]
// CHECK: llvm.insertvalue %[[ONE]], %{{.*}}[4, 2]
// CHECK: %[[S1:.*]] = llvm.mul %[[ONE]], %[[E2]] : i64
// CHECK: llvm.insertvalue %[[E1]], %{{.*}}[3, 1]
// CHECK: llvm.insertvalue %[[S1]], %{{.*}}[4, 1]
// CHECK: %[[S0:.*]] = llvm.mul %[[S1]], %[[E1]] : i64
// CHECK: llvm.insertvalue %[[E0]], %{{.*}}[3, 0]
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[4, 0]
// CHECK: builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<3 x i64>, array<3 x i64>)> to memref<?x?x?xbf16, strided<[?, ?, 1], offset: ?>>
func.func @static(%p: !llvm.ptr) -> bf16 {
  %c0 = arith.constant 0 : index
  %v = layout.view %p() : !llvm.ptr -> !layout.view<4x8x16xbf16, global>
  %x = layout.load %v[%c0, %c0, %c0] : !layout.view<4x8x16xbf16, global>
  return %x : bf16
}

// A pointer of another address space is cast to the generic one first.
// CHECK-LABEL: func.func @address_space(
// CHECK-SAME: %[[P:[^:]*]]: !llvm.ptr<1>, %[[N:[^:]*]]: index
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[G:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<1> to !llvm.ptr
// CHECK: %[[D:.*]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
// CHECK: llvm.insertvalue %[[G]], %[[D]][0]
// CHECK: llvm.insertvalue %[[N64]], %{{.*}}[3, 0]
// CHECK: to memref<?xf32, strided<[1], offset: ?>>
func.func @address_space(%p: !llvm.ptr<1>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %v = layout.view %p(%n) : !llvm.ptr<1> -> !layout.view<?xf32, global>
  %x = layout.load %v[%c0] : !layout.view<?xf32, global>
  return %x : f32
}

// Function signatures and calls take the lowered type.
// CHECK-LABEL: func.func private @takes(memref<?x?xf16, strided<[?, 1], offset: ?>>)
// CHECK-LABEL: func.func @passes(
// CHECK: %[[V:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<{{.*}}> to memref<?x?xf16, strided<[?, 1], offset: ?>>
// CHECK: %[[T:.*]] = memref.subview %[[V]][
// CHECK: call @takes(%[[T]]) : (memref<?x?xf16, strided<[?, 1], offset: ?>>) -> ()
func.func private @takes(!layout.view<?x?xf16, global>)
func.func @passes(%p: !llvm.ptr, %m: index) {
  %v = layout.view %p(%m) : !llvm.ptr -> !layout.view<?x64xf16, global>
  %c0 = arith.constant 0 : index
  %t = layout.tile %v[%m, %m] at(%c0, %c0) : !layout.view<?x64xf16, global> -> !layout.view<?x?xf16, global>
  call @takes(%t) : (!layout.view<?x?xf16, global>) -> ()
  return
}
