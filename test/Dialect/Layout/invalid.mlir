// RUN: %neve-opt %s -split-input-file -verify-diagnostics
// Every verifier of the layout dialect: the view type (LayoutDialect.cpp)
// and the ops (LayoutOps.cpp).

//===----------------------------------------------------------------------===//
// !layout.view
//===----------------------------------------------------------------------===//

// expected-error @+1 {{a layout has at least one extent}}
func.func private @no_extents(!layout.view<f32, global>)

// -----

// expected-error @+1 {{layout elements are integers or floats, not 'index'}}
func.func private @index_elements(!layout.view<4xindex, global>)

// -----

// expected-error @+1 {{layout elements are integers or floats, not 'vector<2xf32>'}}
func.func private @vector_elements(!layout.view<4xvector<2xf32>, global>)

// -----

// expected-error @+1 {{layout extents are positive, not 0}}
func.func private @zero_extent(!layout.view<4x0xf32, global>)

// -----

// expected-error @+1 {{expected memory space 'global', 'shared' or 'reg'}}
func.func private @bad_space(!layout.view<4xf32, local>)

//===----------------------------------------------------------------------===//
// layout.view, layout.smem, layout.reg
//===----------------------------------------------------------------------===//

// -----

func.func @view_shared(%p: !llvm.ptr) {
  // expected-error @+1 {{'layout.view' op views a pointer as a global layout, not shared}}
  %v = layout.view %p() : !llvm.ptr -> !layout.view<16x16xf32, shared>
  return
}

// -----

func.func @view_reg(%p: !llvm.ptr) {
  // expected-error @+1 {{'layout.view' op views a pointer as a global layout, not reg}}
  %v = layout.view %p() : !llvm.ptr -> !layout.view<4xf32, reg>
  return
}

// -----

func.func @view_missing_extent(%p: !llvm.ptr, %m: index) {
  // expected-error @+1 {{'layout.view' op needs one extent operand per '?' of the type (2), got 1}}
  %v = layout.view %p(%m) : !llvm.ptr -> !layout.view<?x?xf32, global>
  return
}

// -----

func.func @view_extra_extent(%p: !llvm.ptr, %m: index) {
  // expected-error @+1 {{'layout.view' op needs one extent operand per '?' of the type (0), got 1}}
  %v = layout.view %p(%m) : !llvm.ptr -> !layout.view<4x4xf32, global>
  return
}

// -----

func.func @smem_global() {
  // expected-error @+1 {{'layout.smem' op the result must be a shared layout, not global}}
  %s = layout.smem : !layout.view<32xf32, global>
  return
}

// -----

func.func @smem_dynamic() {
  // expected-error @+1 {{'layout.smem' op smem layouts have constant extents (§8.5.2)}}
  %s = layout.smem : !layout.view<32x?xf32, shared>
  return
}

// -----

func.func @reg_shared() {
  // expected-error @+1 {{'layout.reg' op the result must be a reg layout, not shared}}
  %r = layout.reg : !layout.view<4xf32, shared>
  return
}

// -----

func.func @reg_dynamic() {
  // expected-error @+1 {{'layout.reg' op register layouts have constant extents (§8.5.2)}}
  %r = layout.reg : !layout.view<?xf32, reg>
  return
}

//===----------------------------------------------------------------------===//
// layout.tile
//===----------------------------------------------------------------------===//

// -----

func.func @tile_too_many_sizes(%a: !layout.view<?x?xf32, global>, %i: index) {
  // expected-error @+1 {{'layout.tile' op a tile of a rank-2 layout has 1 to 2 extents, not 3}}
  %t = layout.tile %a[4, 4, 4] at(%i, %i, %i) : !layout.view<?x?xf32, global> -> !layout.view<4x4x4xf32, global>
  return
}

// -----

func.func @tile_no_sizes(%a: !layout.view<?x?xf32, global>) {
  // expected-error @+1 {{'layout.tile' op a tile of a rank-2 layout has 1 to 2 extents, not 0}}
  %t = "layout.tile"(%a) <{static_sizes = array<i64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (!layout.view<?x?xf32, global>) -> !layout.view<4xf32, global>
  return
}

// -----

func.func @tile_coords(%a: !layout.view<?x?xf32, global>, %i: index) {
  // expected-error @+1 {{'layout.tile' op needs one tile coordinate per tile extent (2), got 1}}
  %t = layout.tile %a[4, 4] at(%i) : !layout.view<?x?xf32, global> -> !layout.view<4x4xf32, global>
  return
}

// -----

func.func @tile_size_operands(%a: !layout.view<?x?xf32, global>, %i: index) {
  // expected-error @+1 {{'layout.tile' op needs one size operand per '?' tile extent}}
  %t = "layout.tile"(%a, %i, %i) <{static_sizes = array<i64: -9223372036854775808, 16>, operandSegmentSizes = array<i32: 1, 0, 2>}> : (!layout.view<?x?xf32, global>, index, index) -> !layout.view<?x16xf32, global>
  return
}

// -----

func.func @tile_zero_size(%a: !layout.view<?x?xf32, global>, %i: index) {
  // expected-error @+1 {{'layout.tile' op tile extents are positive, not 0}}
  %t = "layout.tile"(%a, %i, %i) <{static_sizes = array<i64: 0, 16>, operandSegmentSizes = array<i32: 1, 0, 2>}> : (!layout.view<?x?xf32, global>, index, index) -> !layout.view<1x16xf32, global>
  return
}

// -----

func.func @tile_negative_size(%a: !layout.view<?x?xf32, global>, %i: index) {
  // expected-error @+1 {{'layout.tile' op tile extents are positive, not -4}}
  %t = "layout.tile"(%a, %i, %i) <{static_sizes = array<i64: 16, -4>, operandSegmentSizes = array<i32: 1, 0, 2>}> : (!layout.view<?x?xf32, global>, index, index) -> !layout.view<16x1xf32, global>
  return
}

// -----

func.func @tile_result_shape(%a: !layout.view<?x?xf32, global>, %i: index) {
  // expected-error @+1 {{'layout.tile' op result type must be '!layout.view<16x8xf32, global>', not '!layout.view<8x16xf32, global>'}}
  %t = layout.tile %a[16, 8] at(%i, %i) : !layout.view<?x?xf32, global> -> !layout.view<8x16xf32, global>
  return
}

// -----

func.func @tile_result_dynamic(%a: !layout.view<?x?xf32, global>, %i: index) {
  // A dynamic tile size gives a '?' extent, not the operand's value.
  // expected-error @+1 {{'layout.tile' op result type must be '!layout.view<?x8xf32, global>', not '!layout.view<16x8xf32, global>'}}
  %t = layout.tile %a[%i, 8] at(%i, %i) : !layout.view<?x?xf32, global> -> !layout.view<16x8xf32, global>
  return
}

// -----

func.func @tile_result_element(%a: !layout.view<?x?xf32, global>, %i: index) {
  // expected-error @+1 {{'layout.tile' op result type must be '!layout.view<16x8xf32, global>', not '!layout.view<16x8xf16, global>'}}
  %t = layout.tile %a[16, 8] at(%i, %i) : !layout.view<?x?xf32, global> -> !layout.view<16x8xf16, global>
  return
}

// -----

func.func @tile_result_space(%a: !layout.view<?x?xf32, global>, %i: index) {
  // expected-error @+1 {{'layout.tile' op result type must be '!layout.view<16x8xf32, global>', not '!layout.view<16x8xf32, shared>'}}
  %t = layout.tile %a[16, 8] at(%i, %i) : !layout.view<?x?xf32, global> -> !layout.view<16x8xf32, shared>
  return
}

//===----------------------------------------------------------------------===//
// layout.load, layout.store, layout.addr
//===----------------------------------------------------------------------===//

// -----

func.func @load_too_many(%v: !layout.view<4x4xf32, global>, %i: index) -> f32 {
  // expected-error @+1 {{'layout.load' op an element read takes 1 to 2 coordinates for a rank-2 layout, not 3}}
  %x = layout.load %v[%i, %i, %i] : !layout.view<4x4xf32, global>
  return %x : f32
}

// -----

func.func @load_none(%v: !layout.view<4x4xf32, global>) -> f32 {
  // expected-error @+1 {{'layout.load' op an element read takes 1 to 2 coordinates for a rank-2 layout, not 0}}
  %x = layout.load %v[] : !layout.view<4x4xf32, global>
  return %x : f32
}

// -----

func.func @load_type(%v: !layout.view<4x4xf32, global>, %i: index) -> f16 {
  // expected-error @+1 {{'layout.load' op failed to verify that result is the view's element type}}
  %x = "layout.load"(%v, %i) : (!layout.view<4x4xf32, global>, index) -> f16
  return %x : f16
}

// -----

func.func @store_too_many(%v: !layout.view<8xf32, shared>, %i: index, %x: f32) {
  // expected-error @+1 {{'layout.store' op an element write takes 1 to 1 coordinates for a rank-1 layout, not 2}}
  layout.store %x, %v[%i, %i] : !layout.view<8xf32, shared>
  return
}

// -----

func.func @store_none(%v: !layout.view<8xf32, shared>, %x: f32) {
  // expected-error @+1 {{'layout.store' op an element write takes 1 to 1 coordinates for a rank-1 layout, not 0}}
  layout.store %x, %v[] : !layout.view<8xf32, shared>
  return
}

// -----

func.func @store_type(%v: !layout.view<8xf32, shared>, %i: index, %x: i32) {
  // expected-error @+1 {{'layout.store' op failed to verify that value is the view's element type}}
  "layout.store"(%x, %v, %i) : (i32, !layout.view<8xf32, shared>, index) -> ()
  return
}

// -----

func.func @addr_too_many(%v: !layout.view<2x2x2xi32, reg>, %i: index) -> !llvm.ptr {
  // expected-error @+1 {{'layout.addr' op an element address takes 1 to 3 coordinates for a rank-3 layout, not 4}}
  %p = layout.addr %v[%i, %i, %i, %i] : !layout.view<2x2x2xi32, reg>
  return %p : !llvm.ptr
}

// -----

func.func @addr_none(%v: !layout.view<2x2x2xi32, reg>) -> !llvm.ptr {
  // expected-error @+1 {{'layout.addr' op an element address takes 1 to 3 coordinates for a rank-3 layout, not 0}}
  %p = layout.addr %v[] : !layout.view<2x2x2xi32, reg>
  return %p : !llvm.ptr
}

//===----------------------------------------------------------------------===//
// layout.cp_async16, layout.cp_wait_group
//===----------------------------------------------------------------------===//

// -----

func.func @cp_dst_global(%g: !layout.view<?x?xbf16, global>, %i: index) {
  // expected-error @+1 {{'layout.cp_async16' op the destination of cp_async16 must be a shared layout, not global}}
  layout.cp_async16 %g[%i, %i], %g[%i, %i] : !layout.view<?x?xbf16, global>, !layout.view<?x?xbf16, global>
  return
}

// -----

func.func @cp_dst_reg(%g: !layout.view<?x?xbf16, global>, %i: index) {
  %r = layout.reg : !layout.view<8xbf16, reg>
  // expected-error @+1 {{'layout.cp_async16' op the destination of cp_async16 must be a shared layout, not reg}}
  layout.cp_async16 %r[%i], %g[%i, %i] : !layout.view<8xbf16, reg>, !layout.view<?x?xbf16, global>
  return
}

// -----

func.func @cp_src_shared(%i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  // expected-error @+1 {{'layout.cp_async16' op the source of cp_async16 must be a global layout, not shared}}
  layout.cp_async16 %s[%i, %i], %s[%i, %i] : !layout.view<16x16xbf16, shared>, !layout.view<16x16xbf16, shared>
  return
}

// -----

func.func @cp_dst_indices(%g: !layout.view<?x?xbf16, global>, %i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  // expected-error @+1 {{'layout.cp_async16' op the destination takes 1 to 2 coordinates for a rank-2 layout, not 3}}
  layout.cp_async16 %s[%i, %i, %i], %g[%i, %i] : !layout.view<16x16xbf16, shared>, !layout.view<?x?xbf16, global>
  return
}

// -----

func.func @cp_src_indices(%g: !layout.view<?xbf16, global>, %i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  // expected-error @+1 {{'layout.cp_async16' op the source takes 1 to 1 coordinates for a rank-1 layout, not 2}}
  layout.cp_async16 %s[%i, %i], %g[%i, %i] : !layout.view<16x16xbf16, shared>, !layout.view<?xbf16, global>
  return
}

// -----

func.func @cp_element_types(%g: !layout.view<?xf32, global>, %i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  // expected-error @+1 {{'layout.cp_async16' op copies between layouts of one element type, not 'f32' to 'bf16'}}
  layout.cp_async16 %s[%i, %i], %g[%i] : !layout.view<16x16xbf16, shared>, !layout.view<?xf32, global>
  return
}

// -----

func.func @cp_whole_elements(%g: !layout.view<?xi24, global>, %i: index) {
  %s = layout.smem : !layout.view<16xi24, shared>
  // expected-error @+1 {{'layout.cp_async16' op copies 16 bytes, which is not a whole number of 'i24' elements}}
  layout.cp_async16 %s[%i], %g[%i] : !layout.view<16xi24, shared>, !layout.view<?xi24, global>
  return
}

// -----

func.func @cp_wide_elements(%g: !layout.view<?xi256, global>, %i: index) {
  %s = layout.smem : !layout.view<16xi256, shared>
  // expected-error @+1 {{'layout.cp_async16' op copies 16 bytes, which is not a whole number of 'i256' elements}}
  layout.cp_async16 %s[%i], %g[%i] : !layout.view<16xi256, shared>, !layout.view<?xi256, global>
  return
}

// -----

func.func @wait_negative() {
  // expected-error @+1 {{'layout.cp_wait_group' op attribute 'pending' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  layout.cp_wait_group -1
  return
}

//===----------------------------------------------------------------------===//
// layout.ldmatrix
//===----------------------------------------------------------------------===//

// -----

func.func @ldmatrix_count(%i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  %f = layout.reg : !layout.view<4xi32, reg>
  // expected-error @+1 {{'layout.ldmatrix' op loads 1, 2 or 4 matrices, not 3}}
  layout.ldmatrix %f[%i], %s[%i, %i] {count = 3 : i32} : !layout.view<4xi32, reg>, !layout.view<16x16xbf16, shared>
  return
}

// -----

func.func @ldmatrix_count_8(%i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  %f = layout.reg : !layout.view<8xi32, reg>
  // expected-error @+1 {{'layout.ldmatrix' op loads 1, 2 or 4 matrices, not 8}}
  layout.ldmatrix %f[%i], %s[%i, %i] {count = 8 : i32} : !layout.view<8xi32, reg>, !layout.view<16x16xbf16, shared>
  return
}

// -----

func.func @ldmatrix_src_global(%g: !layout.view<?x?xbf16, global>, %i: index) {
  %f = layout.reg : !layout.view<4xi32, reg>
  // expected-error @+1 {{'layout.ldmatrix' op the source of ldmatrix must be a shared layout, not global}}
  layout.ldmatrix %f[%i], %g[%i, %i] {count = 4 : i32} : !layout.view<4xi32, reg>, !layout.view<?x?xbf16, global>
  return
}

// -----

func.func @ldmatrix_dst_shared(%i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  %f = layout.smem : !layout.view<4xi32, shared>
  // expected-error @+1 {{'layout.ldmatrix' op the fragment of ldmatrix must be a reg layout, not shared}}
  layout.ldmatrix %f[%i], %s[%i, %i] {count = 4 : i32} : !layout.view<4xi32, shared>, !layout.view<16x16xbf16, shared>
  return
}

// -----

func.func @ldmatrix_dst_indices(%i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  %f = layout.reg : !layout.view<4xi32, reg>
  // expected-error @+1 {{'layout.ldmatrix' op the fragment takes 1 to 1 coordinates for a rank-1 layout, not 2}}
  layout.ldmatrix %f[%i, %i], %s[%i, %i] {count = 4 : i32} : !layout.view<4xi32, reg>, !layout.view<16x16xbf16, shared>
  return
}

// -----

func.func @ldmatrix_src_indices(%i: index) {
  %s = layout.smem : !layout.view<16x16xbf16, shared>
  %f = layout.reg : !layout.view<4xi32, reg>
  // expected-error @+1 {{'layout.ldmatrix' op the source takes 1 to 2 coordinates for a rank-2 layout, not 0}}
  layout.ldmatrix %f[%i], %s[] {count = 4 : i32} : !layout.view<4xi32, reg>, !layout.view<16x16xbf16, shared>
  return
}

// -----

func.func @ldmatrix_32bit_source(%i: index) {
  %s = layout.smem : !layout.view<16x16xf32, shared>
  %f = layout.reg : !layout.view<4xi32, reg>
  // expected-error @+1 {{'layout.ldmatrix' op loads 16-bit elements, not 'f32'}}
  layout.ldmatrix %f[%i], %s[%i, %i] {count = 4 : i32} : !layout.view<4xi32, reg>, !layout.view<16x16xf32, shared>
  return
}

// -----

func.func @ldmatrix_fragment_i16(%i: index) {
  %s = layout.smem : !layout.view<16x16xf16, shared>
  %f = layout.reg : !layout.view<8xi16, reg>
  // expected-error @+1 {{'layout.ldmatrix' op fragments are register elements of 32 bits (int, float) or of 16 (bf16, half), not 'i16'}}
  layout.ldmatrix %f[%i], %s[%i, %i] {count = 4 : i32} : !layout.view<8xi16, reg>, !layout.view<16x16xf16, shared>
  return
}

// -----

func.func @ldmatrix_fragment_i64(%i: index) {
  %s = layout.smem : !layout.view<16x16xf16, shared>
  %f = layout.reg : !layout.view<2xi64, reg>
  // expected-error @+1 {{'layout.ldmatrix' op fragments are register elements of 32 bits (int, float) or of 16 (bf16, half), not 'i64'}}
  layout.ldmatrix %f[%i], %s[%i, %i] {count = 4 : i32} : !layout.view<2xi64, reg>, !layout.view<16x16xf16, shared>
  return
}

//===----------------------------------------------------------------------===//
// layout.mma_16x8x16
//===----------------------------------------------------------------------===//

// -----

func.func @mma_d_space(%i: index) {
  %d = layout.smem : !layout.view<4xf32, shared>
  %a = layout.reg : !layout.view<4xi32, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op the D fragment must be a reg layout, not shared}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = bf16} : !layout.view<4xf32, shared>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_a_space(%i: index, %a: !layout.view<4xi32, global>) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op the A fragment must be a reg layout, not global}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<4xi32, global>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_b_space(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<4xi32, reg>
  %b = layout.smem : !layout.view<2xi32, shared>
  // expected-error @+1 {{'layout.mma_16x8x16' op the B fragment must be a reg layout, not shared}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, shared>
  return
}

// -----

func.func @mma_d_indices(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<4xi32, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op the D fragment takes 1 to 1 coordinates for a rank-1 layout, not 2}}
  layout.mma_16x8x16 %d[%i, %i], %a[%i], %b[%i] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_a_indices(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<4xi32, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op the A fragment takes 1 to 1 coordinates for a rank-1 layout, not 0}}
  layout.mma_16x8x16 %d[%i], %a[], %b[%i] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_b_indices(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<4xi32, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op the B fragment takes 1 to 1 coordinates for a rank-1 layout, not 3}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i, %i, %i] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_input_type(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<4xi32, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op multiplies bf16 or f16 inputs, not 'f32'}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = f32} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_accumulator(%i: index) {
  %d = layout.reg : !layout.view<4xi32, reg>
  %a = layout.reg : !layout.view<4xi32, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op accumulates into f32 fragments, not 'i32'}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = f16} : !layout.view<4xi32, reg>, !layout.view<4xi32, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_a_element(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<8xi16, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op A and B fragments are 32-bit register elements holding two 'bf16' each, or 'bf16' elements}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<8xi16, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_b_element(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<4xi32, reg>
  %b = layout.reg : !layout.view<2xf64, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op A and B fragments are 32-bit register elements holding two 'f16' each, or 'f16' elements}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = f16} : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>, !layout.view<2xf64, reg>
  return
}

// -----

func.func @mma_a_half_for_bf16(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<8xf16, reg>
  %b = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op fragment elements are 'f16' but the input type is 'bf16'}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<8xf16, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_b_bf16_for_half(%i: index) {
  %d = layout.reg : !layout.view<4xf32, reg>
  %a = layout.reg : !layout.view<8xf16, reg>
  %b = layout.reg : !layout.view<4xbf16, reg>
  // expected-error @+1 {{'layout.mma_16x8x16' op fragment elements are 'bf16' but the input type is 'f16'}}
  layout.mma_16x8x16 %d[%i], %a[%i], %b[%i] {input_type = f16} : !layout.view<4xf32, reg>, !layout.view<8xf16, reg>, !layout.view<4xbf16, reg>
  return
}

//===----------------------------------------------------------------------===//
// layout.matmul
//===----------------------------------------------------------------------===//

// -----

func.func @matmul_rank(%x: !layout.view<128xbf16, global>, %y: !layout.view<128x?xbf16, global>, %z: !layout.view<128x128xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op multiplies rank-2 layouts (Z m×n += X m×k @ Y n×k)}}
  layout.matmul %x, %y into %z : !layout.view<128xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
  return
}

// -----

func.func @matmul_rank_z(%x: !layout.view<128x?xbf16, global>, %y: !layout.view<128x?xbf16, global>, %z: !layout.view<2x128x128xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op multiplies rank-2 layouts (Z m×n += X m×k @ Y n×k)}}
  layout.matmul %x, %y into %z : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<2x128x128xf32, global>
  return
}

// -----

func.func @matmul_f32_inputs(%x: !layout.view<64x?xf32, global>, %y: !layout.view<64x?xf32, global>, %z: !layout.view<64x64xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op multiplies two bf16 or two f16 layouts, not 'f32' and 'f32'}}
  layout.matmul %x, %y into %z : !layout.view<64x?xf32, global>, !layout.view<64x?xf32, global> into !layout.view<64x64xf32, global>
  return
}

// -----

func.func @matmul_mixed_inputs(%x: !layout.view<64x?xbf16, global>, %y: !layout.view<64x?xf16, global>, %z: !layout.view<64x64xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op multiplies two bf16 or two f16 layouts, not 'bf16' and 'f16'}}
  layout.matmul %x, %y into %z : !layout.view<64x?xbf16, global>, !layout.view<64x?xf16, global> into !layout.view<64x64xf32, global>
  return
}

// -----

func.func @matmul_accumulator(%x: !layout.view<64x?xf16, global>, %y: !layout.view<64x?xf16, global>, %z: !layout.view<64x64xf16, global>) {
  // expected-error @+1 {{'layout.matmul' op accumulates into a f32 layout, not 'f16'}}
  layout.matmul %x, %y into %z : !layout.view<64x?xf16, global>, !layout.view<64x?xf16, global> into !layout.view<64x64xf16, global>
  return
}

// -----

func.func @matmul_x_shared(%y: !layout.view<64x32xf16, global>, %z: !layout.view<64x64xf32, global>) {
  %x = layout.smem : !layout.view<64x32xf16, shared>
  // expected-error @+1 {{'layout.matmul' op reads X and Y from global layouts (the product stages them in shared memory itself)}}
  layout.matmul %x, %y into %z : !layout.view<64x32xf16, shared>, !layout.view<64x32xf16, global> into !layout.view<64x64xf32, global>
  return
}

// -----

func.func @matmul_y_reg(%x: !layout.view<64x32xf16, global>, %z: !layout.view<64x64xf32, global>) {
  %y = layout.reg : !layout.view<64x32xf16, reg>
  // expected-error @+1 {{'layout.matmul' op reads X and Y from global layouts (the product stages them in shared memory itself)}}
  layout.matmul %x, %y into %z : !layout.view<64x32xf16, global>, !layout.view<64x32xf16, reg> into !layout.view<64x64xf32, global>
  return
}

// -----

func.func @matmul_z_reg(%x: !layout.view<16x32xf16, global>, %y: !layout.view<8x32xf16, global>) {
  %z = layout.reg : !layout.view<16x8xf32, reg>
  // expected-error @+1 {{'layout.matmul' op accumulates into a global or shared layout, not registers}}
  layout.matmul %x, %y into %z : !layout.view<16x32xf16, global>, !layout.view<8x32xf16, global> into !layout.view<16x8xf32, reg>
  return
}

// -----

func.func @matmul_dynamic_z(%x: !layout.view<?x?xbf16, global>, %y: !layout.view<?x?xbf16, global>, %z: !layout.view<?x?xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op needs a Z tile with constant extents (the block tile), not '!layout.view<?x?xf32, global>'}}
  layout.matmul %x, %y into %z : !layout.view<?x?xbf16, global>, !layout.view<?x?xbf16, global> into !layout.view<?x?xf32, global>
  return
}

// -----

func.func @matmul_dynamic_n(%x: !layout.view<64x?xbf16, global>, %y: !layout.view<?x?xbf16, global>, %z: !layout.view<64x?xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op needs a Z tile with constant extents (the block tile), not '!layout.view<64x?xf32, global>'}}
  layout.matmul %x, %y into %z : !layout.view<64x?xbf16, global>, !layout.view<?x?xbf16, global> into !layout.view<64x?xf32, global>
  return
}

// -----

func.func @matmul_block_m(%x: !layout.view<24x?xbf16, global>, %y: !layout.view<8x?xbf16, global>, %z: !layout.view<24x8xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op needs a block tile whose extents are multiples of 16 and 8, not 24x8}}
  layout.matmul %x, %y into %z : !layout.view<24x?xbf16, global>, !layout.view<8x?xbf16, global> into !layout.view<24x8xf32, global>
  return
}

// -----

func.func @matmul_block_n(%x: !layout.view<32x?xbf16, global>, %y: !layout.view<12x?xbf16, global>, %z: !layout.view<32x12xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op needs a block tile whose extents are multiples of 16 and 8, not 32x12}}
  layout.matmul %x, %y into %z : !layout.view<32x?xbf16, global>, !layout.view<12x?xbf16, global> into !layout.view<32x12xf32, global>
  return
}

// -----

func.func @matmul_x_rows(%x: !layout.view<64x?xbf16, global>, %y: !layout.view<128x?xbf16, global>, %z: !layout.view<128x128xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op shapes do not match: Z is 128x128, X is '!layout.view<64x?xbf16, global>' and Y is '!layout.view<128x?xbf16, global>' (Z m×n += X m×k @ Y n×k)}}
  layout.matmul %x, %y into %z : !layout.view<64x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
  return
}

// -----

func.func @matmul_y_rows(%x: !layout.view<128x?xbf16, global>, %y: !layout.view<?x?xbf16, global>, %z: !layout.view<128x64xf32, global>) {
  // (A '?' row count of Y is printed as a number: only the start is checked.)
  // expected-error @+1 {{'layout.matmul' op shapes do not match: Z is 128x64, X is '!layout.view<128x?xbf16, global>' and Y is '!layout.view<?x?xbf16, global>'}}
  layout.matmul %x, %y into %z : !layout.view<128x?xbf16, global>, !layout.view<?x?xbf16, global> into !layout.view<128x64xf32, global>
  return
}

// -----

func.func @matmul_stages_1(%x: !layout.view<64x?xbf16, global>, %y: !layout.view<64x?xbf16, global>, %z: !layout.view<64x64xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op stages must be 2 to 8, not 1}}
  layout.matmul %x, %y into %z {stages = 1 : i64} : !layout.view<64x?xbf16, global>, !layout.view<64x?xbf16, global> into !layout.view<64x64xf32, global>
  return
}

// -----

func.func @matmul_stages_9(%x: !layout.view<16x?xbf16, global>, %y: !layout.view<8x?xbf16, global>, %z: !layout.view<16x8xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op stages must be 2 to 8, not 9}}
  layout.matmul %x, %y into %z {stages = 9 : i64, block_k = 16 : i64} : !layout.view<16x?xbf16, global>, !layout.view<8x?xbf16, global> into !layout.view<16x8xf32, global>
  return
}

// -----

func.func @matmul_block_k_24(%x: !layout.view<64x?xbf16, global>, %y: !layout.view<64x?xbf16, global>, %z: !layout.view<64x64xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op block_k must be 16, 32, 64 or 128, not 24}}
  layout.matmul %x, %y into %z {block_k = 24 : i64} : !layout.view<64x?xbf16, global>, !layout.view<64x?xbf16, global> into !layout.view<64x64xf32, global>
  return
}

// -----

func.func @matmul_block_k_0(%x: !layout.view<64x?xbf16, global>, %y: !layout.view<64x?xbf16, global>, %z: !layout.view<64x64xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op block_k must be 16, 32, 64 or 128, not 0}}
  layout.matmul %x, %y into %z {block_k = 0 : i64} : !layout.view<64x?xbf16, global>, !layout.view<64x?xbf16, global> into !layout.view<64x64xf32, global>
  return
}

// -----

func.func @matmul_block_k_negative(%x: !layout.view<64x?xbf16, global>, %y: !layout.view<64x?xbf16, global>, %z: !layout.view<64x64xf32, global>) {
  // (The attribute is read as unsigned: the message does not print -16.)
  // expected-error @+1 {{'layout.matmul' op block_k must be 16, 32, 64 or 128, not -16}}
  layout.matmul %x, %y into %z {block_k = -16 : i64} : !layout.view<64x?xbf16, global>, !layout.view<64x?xbf16, global> into !layout.view<64x64xf32, global>
  return
}

// -----

func.func @matmul_block_k_144(%x: !layout.view<16x?xbf16, global>, %y: !layout.view<8x?xbf16, global>, %z: !layout.view<16x8xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op block_k must be 16, 32, 64 or 128, not 144}}
  layout.matmul %x, %y into %z {block_k = 144 : i64} : !layout.view<16x?xbf16, global>, !layout.view<8x?xbf16, global> into !layout.view<16x8xf32, global>
  return
}

// -----

// 8 stages · (128 + 128) rows · 64 · 2 bytes = 256 KiB, more than a block's 227 KiB.
func.func @matmul_smem(%x: !layout.view<128x?xbf16, global>, %y: !layout.view<128x?xbf16, global>, %z: !layout.view<128x128xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op stages the tiles in 262144 bytes of shared memory, more than the 232448 a block can have; use fewer stages, a smaller block_k or a smaller block tile}}
  layout.matmul %x, %y into %z {stages = 8 : i64, block_k = 64 : i64} : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global>
  return
}

// -----

// 2 stages · (256 + 256) rows · 128 · 2 bytes = 256 KiB, into a shared Z.
func.func @matmul_smem_block_k(%x: !layout.view<256x?xf16, global>, %y: !layout.view<256x?xf16, global>, %z: !layout.view<256x256xf32, shared>) {
  // expected-error @+1 {{'layout.matmul' op stages the tiles in 262144 bytes of shared memory}}
  layout.matmul %x, %y into %z {stages = 2 : i64, block_k = 128 : i64} : !layout.view<256x?xf16, global>, !layout.view<256x?xf16, global> into !layout.view<256x256xf32, shared>
  return
}

// -----

// 48×88: warp tiles of 16×8, 3·11 = 33 warps.
func.func @matmul_warps(%x: !layout.view<48x?xbf16, global>, %y: !layout.view<88x?xbf16, global>, %z: !layout.view<48x88xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op needs 33 warps, more than a block can have}}
  layout.matmul %x, %y into %z {stages = 2 : i64, block_k = 16 : i64} : !layout.view<48x?xbf16, global>, !layout.view<88x?xbf16, global> into !layout.view<48x88xf32, global>
  return
}

// -----

// A fragment must hold the registers the primitive consumes (§8.5.5).
func.func @ldmatrix_fragment_too_small(%s: !layout.view<16x16xbf16, shared>) {
  %c0 = arith.constant 0 : index
  %fa = layout.reg : !layout.view<2xi32, reg>
  // expected-error @+1 {{'layout.ldmatrix' op the fragment needs 4 consecutive 'i32' elements from element 0, but the layout has 2}}
  layout.ldmatrix %fa[%c0], %s[%c0, %c0] {count = 4 : i32} : !layout.view<2xi32, reg>, !layout.view<16x16xbf16, shared>
  return
}

// -----

func.func @mma_fragment_past_end(%d: !layout.view<2x4xf32, reg>, %a: !layout.view<8xbf16, reg>, %b: !layout.view<2xi32, reg>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{'layout.mma_16x8x16' op the D fragment needs 4 consecutive 'f32' elements from element 6, but the layout has 8}}
  layout.mma_16x8x16 %d[%c1, %c2], %a[%c0], %b[%c0] {input_type = bf16} : !layout.view<2x4xf32, reg>, !layout.view<8xbf16, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @mma_half_fragment_too_small(%d: !layout.view<4xf32, reg>, %a: !layout.view<6xbf16, reg>, %b: !layout.view<2xi32, reg>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'layout.mma_16x8x16' op the A fragment needs 8 consecutive 'bf16' elements from element 0, but the layout has 6}}
  layout.mma_16x8x16 %d[%c0], %a[%c0], %b[%c0] {input_type = bf16} : !layout.view<4xf32, reg>, !layout.view<6xbf16, reg>, !layout.view<2xi32, reg>
  return
}

// -----

func.func @dim_out_of_range(%v: !layout.view<16x?xf32, global>) -> index {
  // expected-error @+1 {{'layout.dim' op dimension 2 of a rank-2 layout}}
  %k = layout.dim %v, 2 : !layout.view<16x?xf32, global>
  return %k : index
}

// -----

// layout.matmul epilogues

func.func @epilogue_args(%x: !layout.view<128x?xbf16, global>, %y: !layout.view<128x?xbf16, global>, %z: !layout.view<128x128xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op needs an epilogue whose block takes the product (f32) and the element's position (index)}}
  layout.matmul %x, %y into %z : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global> epilogue {
  ^bb0(%acc: f32):
    layout.yield
  }
  return
}

// -----

func.func @epilogue_arg_types(%x: !layout.view<128x?xbf16, global>, %y: !layout.view<128x?xbf16, global>, %z: !layout.view<128x128xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op needs an epilogue whose block takes the product (f32) and the element's position (index)}}
  layout.matmul %x, %y into %z : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global> epilogue {
  ^bb0(%acc: f16, %i: index):
    layout.yield
  }
  return
}

// -----

func.func @epilogue_blocks(%x: !layout.view<128x?xbf16, global>, %y: !layout.view<128x?xbf16, global>, %z: !layout.view<128x128xf32, global>) {
  // expected-error @+1 {{'layout.matmul' op needs an epilogue of one block}}
  layout.matmul %x, %y into %z : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global> epilogue {
  ^bb0(%acc: f32, %i: index):
    cf.br ^bb1
  ^bb1:
    layout.yield
  }
  return
}

// -----

func.func @epilogue_terminator(%x: !layout.view<128x?xbf16, global>, %y: !layout.view<128x?xbf16, global>, %z: !layout.view<128x128xf32, global>) {
  layout.matmul %x, %y into %z : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global> into !layout.view<128x128xf32, global> epilogue {
  ^bb0(%acc: f32, %i: index):
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

func.func @yield_outside() {
  // expected-error @+1 {{'layout.yield' op expects parent op 'layout.matmul'}}
  layout.yield
}
