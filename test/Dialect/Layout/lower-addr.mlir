// RUN: %neve-opt %s --lower-layouts | FileCheck %s
// layout.addr: the element's linear offset (the view's offset plus the
// coordinates times the strides) as a 1-element reinterpret_cast, its
// aligned base pointer as an integer, inttoptr in the view's address space
// (3 for shared memory), a GEP by the offset, and for shared memory an
// addrspacecast to the generic pointer that the intrinsics take.

// CHECK-LABEL: func.func @shared(
// CHECK-SAME: %[[I:[^:]*]]: index, %[[J:[^:]*]]: index
// CHECK: %[[S:.*]] = memref.cast %{{.*}} to memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %{{.*}}, %[[OFF:.*]], %{{.*}}:2, %[[ST:.*]]:2 = memref.extract_strided_metadata %[[S]]
// CHECK: %[[M0:.*]] = arith.muli %[[I]], %[[ST]]#0 : index
// CHECK: %[[A0:.*]] = arith.addi %[[OFF]], %[[M0]] : index
// CHECK: %[[M1:.*]] = arith.muli %[[J]], %[[ST]]#1 : index
// CHECK: %[[A1:.*]] = arith.addi %[[A0]], %[[M1]] : index
// CHECK: %[[E:.*]] = memref.reinterpret_cast %[[S]] to offset: [%[[A1]]], sizes: [1], strides: [1] : memref<?x?xf32, strided<[?, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<1xf32, strided<[1], offset: ?>, #gpu.address_space<workgroup>>
// CHECK: %{{.*}}, %[[EOFF:.*]], %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[E]]
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[E]]
// CHECK: %[[B64:.*]] = arith.index_cast %[[BASE]] : index to i64
// CHECK: %[[P:.*]] = llvm.inttoptr %[[B64]] : i64 to !llvm.ptr<3>
// CHECK: %[[O64:.*]] = arith.index_cast %[[EOFF]] : index to i64
// CHECK: %[[G:.*]] = llvm.getelementptr %[[P]][%[[O64]]] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f32
// CHECK: %[[R:.*]] = llvm.addrspacecast %[[G]] : !llvm.ptr<3> to !llvm.ptr
// CHECK: return %[[R]] : !llvm.ptr
gpu.module @kernels {
  func.func @shared(%i: index, %j: index) -> !llvm.ptr {
    %s = layout.smem : !layout.view<16x16xf32, shared>
    %p = layout.addr %s[%i, %j] : !layout.view<16x16xf32, shared>
    return %p : !llvm.ptr
  }
}

// Global memory: a generic pointer, no address-space cast; one coordinate
// of a rank-2 view merges the dimensions first.
// CHECK-LABEL: func.func @global(
// CHECK-SAME: %[[V:[^:]*]]: memref<?x?xbf16, strided<[?, 1], offset: ?>>, %[[I:[^:]*]]: index
// CHECK: %[[C:.*]] = memref.collapse_shape %[[V]] {{\[}}[0, 1]]
// CHECK: %[[M:.*]] = memref.cast %[[C]] : {{.*}} to memref<?xbf16, strided<[1], offset: ?>>
// CHECK: memref.extract_strided_metadata %[[M]]
// CHECK: %[[E:.*]] = memref.reinterpret_cast %[[M]] to offset: [%{{.*}}], sizes: [1], strides: [1]
// CHECK: memref.extract_aligned_pointer_as_index %[[E]]
// CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr
// CHECK: %[[G:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
// CHECK-NOT: llvm.addrspacecast
// CHECK: return %[[G]] : !llvm.ptr
func.func @global(%v: !layout.view<?x?xbf16, global>, %i: index) -> !llvm.ptr {
  %p = layout.addr %v[%i] : !layout.view<?x?xbf16, global>
  return %p : !llvm.ptr
}

// A register element: the private alloca, generic address space.
// CHECK-LABEL: func.func @reg(
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 16 : i64} : memref<4xf32>
// CHECK: memref.extract_aligned_pointer_as_index
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK-NOT: llvm.addrspacecast
func.func @reg(%i: index) -> !llvm.ptr {
  %r = layout.reg : !layout.view<4xf32, reg>
  %p = layout.addr %r[%i] : !layout.view<4xf32, reg>
  return %p : !llvm.ptr
}
