//===- LayoutOps.td - The layout dialect's operations ------*- tablegen -*-===//
//
// Views (§8.5.2), tiles (§8.5.4), element access and addresses (§8.5.3,
// §8.5.5), the copy/compute primitives of §8.4 on view elements, and the
// block-wide tiled matrix product of §8.6.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUT_OPS
#define LAYOUT_OPS

include "neve/Dialect/Layout/IR/LayoutTypes.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Layout_View : Type<CPred<"::llvm::isa<::mlir::layout::ViewType>($_self)">,
                       "layout view", "::mlir::layout::ViewType">;

//===----------------------------------------------------------------------===//
// Constructors (§8.5.2)
//===----------------------------------------------------------------------===//

def Layout_ViewOp : Layout_Op<"view", [Pure]> {
  let summary = "a row-major view of the memory at a pointer";
  let description = [{
    `layout<T, d0, d1>(p)`: a dense row-major view of `p` (global memory in
    device code, host memory in host code). One `index` operand per `?`
    extent of the result type.

    ```mlir
    %a = layout.view %p(%m, %k) : !llvm.ptr -> !layout.view<?x?xbf16, global>
    ```
  }];
  let arguments = (ins LLVM_AnyPointer:$base, Variadic<Index>:$extents);
  let results = (outs Layout_View:$result);
  let assemblyFormat = [{
    $base `(` $extents `)` attr-dict `:` type($base) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Layout_SmemOp : Layout_Op<"smem", [MemoryEffects<[MemAlloc]>]> {
  let summary = "block-shared storage, one allocation per occurrence";
  let description = [{
    `layout<T, d0, d1, smem>()`: d0·d1 elements of shared memory, aligned to
    16 bytes (1024 when its size is a multiple of 1024 bytes, else 128 when
    a multiple of 128), allocated once per block for this op (evaluating it
    again yields the same storage). Contents start undefined. Extents are
    static.

    Static shared memory ends at 48 KiB. When a kernel's layouts need more,
    `--neve-outline-kernels` places every one of them in the kernel's
    dynamic shared memory and gives each its byte offset there as
    `dynamic_offset` (its launches then request the bytes, §6.7
    `smem_size`); `--lower-layouts` makes the layout a view of the dynamic
    shared memory at that offset instead of a static buffer.

    ```mlir
    %s = layout.smem : !layout.view<32x33xf32, shared>
    %t = layout.smem {dynamic_offset = 65536 : i64} : !layout.view<256x64xbf16, shared>
    ```
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$dynamic_offset);
  let results = (outs Layout_View:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The layout's bytes.
    int64_t getBytes() {
      ViewType t = getType();
      return ShapedType::getNumElements(t.getShape()) *
             t.getElementType().getIntOrFloatBitWidth() / 8;
    }
    /// §8.5.2: 1024 bytes (the period of TMA's and wgmma's 128-byte
    /// swizzle) for a multiple of 1024 bytes, else 128 (a TMA box) for a
    /// multiple of 128, else 16.
    int64_t getAlignment() {
      int64_t bytes = getBytes();
      return bytes % 1024 == 0 ? 1024 : bytes % 128 == 0 ? 128 : 16;
    }
  }];
}

def Layout_RegOp : Layout_Op<"reg", [MemoryEffects<[MemAlloc, MemWrite]>]> {
  let summary = "a zero-initialised per-thread register array";
  let description = [{
    `layout<T, d0>()` in device code: a private array with static extents,
    set to zeros each time the op runs (so it can serve as an accumulator).

    ```mlir
    %acc = layout.reg : !layout.view<4xf32, reg>
    ```
  }];
  let results = (outs Layout_View:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tiles (§8.5.4)
//===----------------------------------------------------------------------===//

def Layout_TileOp : Layout_Op<"tile", [Pure, AttrSizedOperandSegments]> {
  let summary = "the tile at tile coordinates (`v{t0, t1}(c0, c1)`)";
  let description = [{
    Cuts `source` into tiles of the given shape (static sizes as an
    attribute, `?` ones as operands) and selects the one at tile coordinates
    `coords`: extents are the tile's, strides the source's, and the corner is
    `source[c0·t0, c1·t1]`. With fewer sizes than the source's rank the
    trailing dimensions are merged first (§8.5.3). A tile may reach past the
    source's edge; its *valid* region, clipped to the source, is what the
    tiled matrix product reads and writes. Tiles can be tiled again.

    ```mlir
    %t = layout.tile %a[128, %k] at(%bx, %c0)
        : !layout.view<?x?xbf16, global> -> !layout.view<128x?xbf16, global>
    ```
  }];
  let arguments = (ins Layout_View:$source, Variadic<Index>:$sizes,
                       DenseI64ArrayAttr:$static_sizes,
                       Variadic<Index>:$coords);
  let results = (outs Layout_View:$result);
  let assemblyFormat = [{
    $source custom<DynamicIndexList>($sizes, $static_sizes)
    `at` `(` $coords `)` attr-dict `:` type($source) `->` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The tile's sizes, static ones as attributes.
    ::llvm::SmallVector<::mlir::OpFoldResult> getMixedSizes();
  }];
}

def Layout_DimOp : Layout_Op<"dim", [Pure]> {
  let summary = "an extent of a view (a shape parameter, §8.5.6)";
  let description = [{
    The extent `dim` of the view: its static extent when the type has one
    (folded to a constant), else the run-time extent of its valid region.

    ```mlir
    %k = layout.dim %x, 1 : !layout.view<16x?xf32, global>
    ```
  }];
  let arguments = (ins Layout_View:$view, I64Attr:$dim);
  let results = (outs Index:$result);
  let assemblyFormat = "$view `,` $dim attr-dict `:` type($view)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Elements (§8.5.3, §8.5.5)
//===----------------------------------------------------------------------===//

def Layout_LoadOp : Layout_Op<"load", [
    TypesMatchWith<"result is the view's element type", "view", "result",
                   "::llvm::cast<::mlir::layout::ViewType>($_self).getElementType()">]> {
  let summary = "read one element (`v[i, j]`)";
  let description = [{
    Reads the element at the coordinates, relative to the view's corner.
    With fewer coordinates than the rank, the trailing dimensions are merged
    (§8.5.3). No bounds check (§8.5.3).

    ```mlir
    %x = layout.load %t[%i, %j] : !layout.view<32x32xf32, global>
    ```
  }];
  let arguments = (ins Arg<Layout_View, "", [MemRead]>:$view,
                       Variadic<Index>:$indices);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$view `[` $indices `]` attr-dict `:` type($view)";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins "::mlir::Value":$view,
                                 "::mlir::ValueRange":$indices), [{
    build($_builder, $_state,
          ::llvm::cast<::mlir::layout::ViewType>(view.getType()).getElementType(),
          view, indices);
  }]>];
}

def Layout_StoreOp : Layout_Op<"store", [
    TypesMatchWith<"value is the view's element type", "view", "value",
                   "::llvm::cast<::mlir::layout::ViewType>($_self).getElementType()">]> {
  let summary = "write one element (`v[i, j] = x`)";
  let description = [{
    ```mlir
    layout.store %x, %s[%i, %j] : !layout.view<32x33xf32, shared>
    ```
  }];
  let arguments = (ins AnyType:$value, Arg<Layout_View, "", [MemWrite]>:$view,
                       Variadic<Index>:$indices);
  let assemblyFormat = [{
    $value `,` $view `[` $indices `]` attr-dict `:` type($view)
  }];
  let hasVerifier = 1;
}

def Layout_AddrOp : Layout_Op<"addr", [Pure]> {
  let summary = "the address of an element (`v{i, j}`)";
  let description = [{
    A generic pointer to the element at the coordinates (§8.5.5), for the
    intrinsics and `T[]` arguments; a tile passed as an address is the
    address of its corner.

    ```mlir
    %p = layout.addr %s[%r, %c] : !layout.view<16x16xbf16, shared>
    ```
  }];
  let arguments = (ins Layout_View:$view, Variadic<Index>:$indices);
  let results = (outs LLVM_DefaultPointer:$result);
  let assemblyFormat = "$view `[` $indices `]` attr-dict `:` type($view)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Copy and compute primitives (§8.4)
//===----------------------------------------------------------------------===//

def Layout_CpAsync16Op : Layout_Op<"cp_async16", [AttrSizedOperandSegments]> {
  let summary = "asynchronous 16-byte copy from global to shared memory";
  let description = [{
    `cp_async16(dst{…}, src{…})`: copies the 16 bytes starting at the
    source element into shared memory at the destination element, without
    waiting. With `valid(%n)`, only the first `%n` elements are read and the
    rest of the 16 bytes are zero-filled (how the tiled product masks edges).

    ```mlir
    layout.cp_async16 %s[%r, %c], %g[%i, %j]
        : !layout.view<16x16xbf16, shared>, !layout.view<?x?xbf16, global>
    ```
  }];
  let arguments = (ins Arg<Layout_View, "", [MemWrite]>:$dst,
                       Variadic<Index>:$dstIndices,
                       Arg<Layout_View, "", [MemRead]>:$src,
                       Variadic<Index>:$srcIndices,
                       Optional<Index>:$validElements);
  let assemblyFormat = [{
    $dst `[` $dstIndices `]` `,` $src `[` $srcIndices `]`
    (`valid` `(` $validElements^ `)`)? attr-dict `:` type($dst) `,` type($src)
  }];
  let hasVerifier = 1;
}

def Layout_CpCommitGroupOp : Layout_Op<"cp_commit_group"> {
  let summary = "close this thread's pending copies into a group";
  let assemblyFormat = "attr-dict";
}

def Layout_CpWaitGroupOp : Layout_Op<"cp_wait_group"> {
  let summary = "wait until at most `pending` groups are in flight";
  let description = [{
    `cp_wait_group(n)`; `cp_wait_all()` is a commit followed by a wait for
    zero groups.

    ```mlir
    layout.cp_wait_group 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntNonNegative]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

def Layout_LdMatrixOp : Layout_Op<"ldmatrix", [AttrSizedOperandSegments]> {
  let summary = "warp-wide load of 8×8 16-bit matrices into fragments";
  let description = [{
    `ldmatrix_x4` / `ldmatrix_x2` (`count` 4 or 2, 1 also allowed),
    optionally transposed. Each lane gives the address of one 16-byte row in
    shared memory (`src`); `dst` is a register view whose `count`
    consecutive 32-bit elements from the coordinates receive this lane's
    fragments.

    ```mlir
    layout.ldmatrix %fa[%c0], %sa[%r, %c] {count = 4 : i32}
        : !layout.view<4xi32, reg>, !layout.view<16x16xbf16, shared>
    ```
  }];
  let arguments = (ins Arg<Layout_View, "", [MemWrite]>:$dst,
                       Variadic<Index>:$dstIndices,
                       Arg<Layout_View, "", [MemRead]>:$src,
                       Variadic<Index>:$srcIndices,
                       I32Attr:$count, UnitAttr:$transpose);
  let assemblyFormat = [{
    $dst `[` $dstIndices `]` `,` $src `[` $srcIndices `]` attr-dict
    `:` type($dst) `,` type($src)
  }];
  let hasVerifier = 1;
}

def Layout_MmaOp : Layout_Op<"mma_16x8x16", [AttrSizedOperandSegments]> {
  let summary = "warp-wide tensor-core D ← A·B + D (m16n8k16)";
  let description = [{
    `mma_16x8x16(d{…}, a{…}, b{…})`: A is 4 32-bit register elements per
    lane (each two `input_type` values), B 2, D 4 `f32`; the fragment layouts
    are PTX's `mma.sync.aligned.m16n8k16.row.col`.

    ```mlir
    layout.mma_16x8x16 %acc[%c0], %fa[%c0], %fb[%c0] {input_type = bf16}
        : !layout.view<4xf32, reg>, !layout.view<4xi32, reg>,
          !layout.view<2xi32, reg>
    ```
  }];
  let arguments = (ins Arg<Layout_View, "", [MemRead, MemWrite]>:$d,
                       Variadic<Index>:$dIndices,
                       Arg<Layout_View, "", [MemRead]>:$a,
                       Variadic<Index>:$aIndices,
                       Arg<Layout_View, "", [MemRead]>:$b,
                       Variadic<Index>:$bIndices,
                       TypeAttr:$input_type);
  let assemblyFormat = [{
    $d `[` $dIndices `]` `,` $a `[` $aIndices `]` `,` $b `[` $bIndices `]`
    attr-dict `:` type($d) `,` type($a) `,` type($b)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// The block-wide tiled matrix product (§8.6)
//===----------------------------------------------------------------------===//

def Layout_MatmulOp : Layout_Op<"matmul", [RecursiveMemoryEffects]> {
  let summary = "Z += X·Yᵀ by the whole block on tensor cores";
  let description = [{
    `z += x @ y` with `x` of shape m×k and `y` of shape n×k (both K-major,
    `bf16` or `f16`) and `z` a `f32` view of shape m×n. m and n are the
    static block tile (multiples of 16 and 8); k may be dynamic. Every
    thread of the block runs it, and the block must have
    `getNumWarps()`·32 threads (a launch with another block size is refused
    at run time before the kernel starts).

    `--lower-layouts` expands it into `stages`-deep `cp.async` staging of
    `block_k`-wide slices into swizzled shared memory (static up to 48 KiB,
    else the kernel's dynamic shared memory, which `--neve-outline-kernels`
    sizes at each launch), `ldmatrix` into
    fragments, a warp-tiled loop of `mma.sync` with the accumulators in
    registers, and the accumulation into `z`. Parts of the tiles past the
    edges of the valid regions (§8.5.4) read as zeros and are not written.

    ```mlir
    layout.matmul %a, %b into %c {stages = 3 : i64, block_k = 32 : i64}
        : !layout.view<128x?xbf16, global>, !layout.view<128x?xbf16, global>
          into !layout.view<128x128xf32, global>
    ```

    With an `epilogue` region the op does not touch `z`'s memory: `z` only
    gives the tile's shape, its valid region and its position. For each
    valid element the region runs once, in the thread that holds it, with
    the element's product (the f32 sum over k, without `z`'s old value)
    and its linear position in `z`'s buffer (offset + row·stride0 +
    col·stride1 of the element in the view `z` was cut from). The region
    stores what it wants itself: `neve-fuse`'s `gemm-epilogue` pattern puts
    a bias, an activation or a cast to bf16 there, and the result may go
    to another buffer. The region ends in `layout.yield`.

    ```mlir
    layout.matmul %a, %b into %c : ... into !layout.view<128x128xf32, global>
    epilogue {
    ^bb0(%acc: f32, %i: index):
      %k = arith.index_cast %i : index to i64
      %p = llvm.getelementptr %y[%k] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
      %v = arith.truncf %acc : f32 to bf16
      llvm.store %v, %p : bf16, !llvm.ptr
      layout.yield
    }
    ```
  }];
  let arguments = (ins Arg<Layout_View, "", [MemRead, MemWrite]>:$z,
                       Arg<Layout_View, "", [MemRead]>:$x,
                       Arg<Layout_View, "", [MemRead]>:$y,
                       DefaultValuedAttr<I64Attr, "3">:$stages,
                       DefaultValuedAttr<I64Attr, "32">:$block_k);
  let regions = (region AnyRegion:$epilogue);
  let assemblyFormat = [{
    $x `,` $y `into` $z attr-dict `:` type($x) `,` type($y) `into` type($z)
    (`epilogue` $epilogue^)?
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The epilogue's block, or null when the product accumulates into z.
    ::mlir::Block *getEpilogueBlock() {
      return getEpilogue().empty() ? nullptr : &getEpilogue().front();
    }
    /// The warp tile: the block tile m×n is split into warps of
    /// getWarpM()×getWarpN().
    static int64_t warpTileM(int64_t m) { return m % 64 == 0 ? 64 : m % 32 == 0 ? 32 : 16; }
    static int64_t warpTileN(int64_t n) {
      return n % 64 == 0 ? 64 : n % 32 == 0 ? 32 : n % 16 == 0 ? 16 : 8;
    }
    int64_t getBlockM() { return getZ().getType().getShape()[0]; }
    int64_t getBlockN() { return getZ().getType().getShape()[1]; }
    int64_t getWarpM() { return warpTileM(getBlockM()); }
    int64_t getWarpN() { return warpTileN(getBlockN()); }
    /// The warps of an m×n block tile, and the bytes of the shared
    /// staging of its X and Y (also used by the front end's checks).
    static int64_t numWarps(int64_t m, int64_t n) {
      return (m / warpTileM(m)) * (n / warpTileN(n));
    }
    static int64_t stagingBytes(int64_t m, int64_t n, int64_t stages,
                                int64_t blockK, int64_t elementBytes) {
      return stages * (m + n) * blockK * elementBytes;
    }
    /// The number of warps the block must have.
    int64_t getNumWarps() { return numWarps(getBlockM(), getBlockN()); }
    int64_t getStagingBytes() {
      return stagingBytes(
          getBlockM(), getBlockN(), (int64_t)getStages(), (int64_t)getBlockK(),
          getX().getType().getElementType().getIntOrFloatBitWidth() / 8);
    }
    /// Static shared memory ends at 48 KiB; larger staging lives in the
    /// kernel's dynamic shared memory, which its launches size
    /// (--neve-outline-kernels) and the runtime opts in to.
    static constexpr int64_t kStaticSmemBytes = 48 * 1024;
    /// The most shared memory a block can have (sm_90: 227 KiB).
    static constexpr int64_t kMaxSmemBytes = 227 * 1024;
    bool usesDynamicSmem() { return getStagingBytes() > kStaticSmemBytes; }
    /// On sm_90a (--lower-layouts="wgmma=true") the product runs on
    /// Hopper's warpgroup instructions: one warpgroup, block tiles up to
    /// 128x128, 32- or 64-wide slices, 3+ stages in dynamic shared memory.
    /// Elsewhere, and for other shapes, on ldmatrix and mma.sync.
    bool lowersToWgmma() {
      int64_t m = getBlockM(), n = getBlockN();
      return getNumWarps() == 4 && (m == 64 || m == 128) &&
             (n == 64 || n == 128) && m * n / 128 <= 128 &&
             (getBlockK() == 32 || getBlockK() == 64) && getStages() >= 3 &&
             usesDynamicSmem();
    }
  }];
}

def Layout_YieldOp : Layout_Op<"yield", [Pure, Terminator,
                                         HasParent<"MatmulOp">]> {
  let summary = "ends a `layout.matmul` epilogue";
  let assemblyFormat = "attr-dict";
}

#endif // LAYOUT_OPS
