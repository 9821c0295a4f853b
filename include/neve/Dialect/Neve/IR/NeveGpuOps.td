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

def Neve_DevicePrintOp : Neve_Op<"device_print"> {
  let summary = "`print` in device code: a printf, with device checks only";
  let description = [{
    `print`/`printl` in a `kernel` or `gpu` function (§8.3). `format` is a
    printf format that MLIRGen built from the call: string literals as text
    (`%` doubled), `%d` for `i32` operands, `%lld` for `i64`, `%c` for the
    `i32` of a `char` (marked in `chars`), `%g` for `f32`, `%s` for an
    `i1` (printed `true`/`false`), and a newline for `print`.

    Compiled only with device checks (`-g` or `-fdevice-checks`:
    `--convert-neve-device-to-llvm=device-checks=true`), to upstream
    `gpu.printf` (the CUDA driver's `vprintf`); otherwise erased, so that
    a kernel makes no call (a call serialises every wgmma, ptxas C7510).

    ```mlir
    neve.device_print "tx = %d, x = %g\0A" (%tx, %x : i32, f32)
    ```
  }];
  let arguments = (ins StrAttr:$format,
                       Variadic<AnyTypeOf<[I1, I32, I64, F32]>>:$args);
  let assemblyFormat = "$format (`(` $args^ `:` type($args) `)`)? attr-dict";
}

def Neve_AssertOp : Neve_Op<"assert"> {
  let summary = "`assert(cond, message)` (§7): an error when `cond` is false";
  let description = [{
    In host code, a false `condition` is a run-time error at the op's
    location: `FILE:LINE:COL: runtime error: assertion failed: MESSAGE`.
    In device code it is checked only with device checks (`-g` or
    `-fdevice-checks`): the thread prints `FILE:LINE:COL: assertion failed
    in block (x, y, z), thread (x, y, z): MESSAGE` (`vprintf`) and traps,
    and the runtime reports the kernel's fault at the next synchronisation
    (exit status 1); without them it is erased.

    ```mlir
    neve.assert %ok, "n is positive"
    ```
  }];
  let arguments = (ins I1:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict";
}

#endif // NEVE_GPU_OPS
