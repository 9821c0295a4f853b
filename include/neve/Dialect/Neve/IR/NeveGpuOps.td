//===- NeveGpuOps.td - Kernel launches and block-shared storage -*- tablegen -*-===//
//
// Included by NeveOps.td; one file per domain of the dialect.
//
// §3.7, §6.7, §8. MLIRGen emits `kernel` functions as `func.func` marked
// `neve.kernel` and `gpu` functions marked `neve.device`, with upstream
// `gpu` ops (thread and block ids, barriers, shuffles) in their bodies.
// `--neve-outline-kernels` moves them into a `gpu.module` and turns
// `neve.launch` into `gpu.launch_func` on the launching thread's stream.
// Block-shared storage is the layout dialect's `layout.smem`.
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_GPU_OPS
#define NEVE_GPU_OPS

include "mlir/IR/SymbolInterfaces.td"

def Neve_LaunchOp : Neve_Op<"launch", [AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "launch a kernel over a grid of blocks (`launch`, §6.7)";
  let description = [{
    Runs the `kernel` function (a `func.func` marked `neve.kernel`) over a
    grid of `gridX`×`gridY`×`gridZ` blocks of `blockX`×`blockY`×`blockZ`
    threads with `smem` bytes of dynamic shared memory, asynchronously, on
    `stream` (an opaque CUDA stream) or, without one, on the launching
    thread's own in-order stream. A dimension <= 0 launches nothing. The
    arguments match the kernel's parameters: device pointers (`!llvm.ptr`)
    and scalars by value. A launch failure is reported at the op's location.

    ```mlir
    neve.launch @saxpy_k grid(%g, %c1, %c1) block(%c128, %c1, %c1)
        smem(%c0) args(%p, %alpha : !llvm.ptr, f32)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel,
                       I32:$gridX, I32:$gridY, I32:$gridZ,
                       I32:$blockX, I32:$blockY, I32:$blockZ, I32:$smem,
                       Optional<Neve_HostPointer>:$stream,
                       Variadic<AnyType>:$args);
  let assemblyFormat = [{
    $kernel `grid` `(` $gridX `,` $gridY `,` $gridZ `)`
    `block` `(` $blockX `,` $blockY `,` $blockZ `)` `smem` `(` $smem `)`
    (`stream` `(` $stream^ `:` type($stream) `)`)?
    (`args` `(` $args^ `:` type($args) `)`)? attr-dict
  }];
}

#endif // NEVE_GPU_OPS
