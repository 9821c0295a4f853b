//===- Passes.td - Neve conversion passes ------------------*- tablegen -*-===//

#ifndef NEVE_CONVERSION_PASSES
#define NEVE_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def ConvertNeveToLLVMPass : Pass<"convert-neve-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lower neve, func, arith, cf and math host code to the LLVM dialect";
  let description = [{
    Lowers the neve dialect to the LLVM dialect: strings become pointers to
    runtime `neve_str` records (literals are read-only globals), `neve.print`
    becomes calls to the runtime's `neve_print_*` entry points, and checked
    integer divisions test their divisor and call `neve_rt_error` with the
    op's source location. The upstream func, arith, cf, math and index
    patterns run in the same full conversion with one type converter, so
    function signatures that mention neve types convert consistently.
    `scf` must have been lowered to `cf` before.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ConvertConcurrencyToRuntimePass
    : Pass<"convert-concurrency-to-runtime", "mlir::ModuleOp"> {
  let summary = "Outline async/asyncs bodies into task functions";
  let description = [{
    Every `neve.async` and `neve.asyncs` (innermost first) becomes a private
    function `@<enclosing>.task<N>(%env: !llvm.ptr)` holding its body: the
    entry block unpacks the captured values with `neve.task_env`, and
    `neve.task_return` becomes `func.return`. In its place remains a
    `neve.task_spawn` of that function with the same scope, count and
    captures, which `--convert-neve-to-llvm` lowers to the runtime's
    neve_async / neve_asyncs with a garbage-collected environment struct.
    The captures were taken by value when MLIRGen emitted the op (§6.8.1).
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

def NeveOutlineKernelsPass
    : Pass<"neve-outline-kernels", "mlir::ModuleOp"> {
  let summary = "Move kernel and gpu functions into a gpu.module; launches "
                "become gpu.launch_func";
  let description = [{
    Functions marked `neve.kernel` become `gpu.func ... kernel` in
    `gpu.module @neve_kernels`; functions marked `neve.device` move there
    unchanged (the device pipeline inlines them). Each
    `neve.launch` becomes a call `neve_gpu_launch_site(file, line, col)`
    followed by `gpu.launch_func async [%stream]` on the launching thread's
    stream (`neve_gpu_stream()`, §6.7), with index-cast dimensions. The
    module gets the `gpu.container_module` attribute. A kernel with a
    `layout.matmul` gets, at each launch, a check of the block size the
    product is laid out for (`neve_gpu_launch_error` at the launch site) and,
    when the product stages in dynamic shared memory, that many bytes.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::scf::SCFDialect"];
}

def ConvertNeveDeviceToLLVMPass
    : Pass<"convert-neve-device-to-llvm", "mlir::gpu::GPUModuleOp"> {
  let summary = "Lower the neve ops of device code to the LLVM dialect";
  let description = [{
    The neve ops that may appear in kernels and gpu functions (tuples,
    checked integer division, fixed-array index checks) are lowered with the
    host patterns of --convert-neve-to-llvm in a partial conversion, so that
    upstream `convert-gpu-to-nvvm` can lower the rest. A failed check traps
    (`llvm.trap`): the runtime reports the fault with the kernel's name and
    launch site at the next synchronisation.

    With `device-checks` (`-g`, `-fdevice-checks`; the gpu.module gets the
    `neve.device_checks` attribute) a failing check first prints, through
    `gpu.printf` (the driver's `vprintf`), `FILE:LINE:COL: device error in
    block (x, y, z), thread (x, y, z): MESSAGE`; `neve.assert` is checked
    the same way and `neve.device_print` becomes `gpu.printf`. Without
    them, `neve.assert` and `neve.device_print` are erased: the kernel
    makes no call (a call would serialise its wgmma, ptxas C7510).
  }];
  let options = [
    Option<"deviceChecks", "device-checks", "bool", /*default=*/"false",
           "Keep print and assert in device code, and report failing checks "
           "with their line, block and thread before trapping">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::arith::ArithDialect"];
}

def NeveSplitKernelModulesPass
    : Pass<"neve-split-kernel-modules", "mlir::ModuleOp"> {
  let summary = "One gpu.module per kernel, so that each compiles and caches "
                "on its own";
  let description = [{
    Every `gpu.module @M` holding several kernels becomes one
    `gpu.module @M_<kernel>` per kernel, each with a copy of what the module
    held besides its kernels (device functions, globals: a later
    `symbol-dce` drops what a kernel does not use), and every
    `gpu.launch_func @M::@k` launches `@M_k::@k`. A kernel's module then
    depends on nothing but that kernel, so `--neve-compile-kernels` compiles
    the modules in parallel and finds a kernel in the cache whatever else
    the program holds. The runtime loads each module at its first launch.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def NeveKernelCachePass : Pass<"neve-kernel-cache", "mlir::ModuleOp"> {
  let summary = "Replace each gpu.module found in the kernel cache by its "
                "compiled binary";
  let description = [{
    Runs before the device lowering, on each `gpu.module` as specialised
    (one kernel per module after `--neve-split-kernel-modules`), on the
    context's threads. A module's key is the SHA-256 of its printed IR
    (locations left out, so moving a kernel does not change it), `salt`
    (what the caller's pipeline depends on: the compiler's identity, the
    chips, libdevice) and ptxas's identity (path, size, time). A module
    whose key is in the cache under `cache-dir` becomes its `gpu.binary` at
    once and is neither lowered nor compiled; any other gets the attribute
    `neve.kernel_key`, under which `--neve-compile-kernels` stores its
    result (docs/caching.md). A hit gets the remark `kernel NAME: cache hit`;
    an entry that fails its checksum is compiled again, with a remark.
  }];
  let options = [
    Option<"cacheDir", "cache-dir", "std::string", /*default=*/"\"\"",
           "The cache directory (already checked private)">,
    Option<"salt", "salt", "std::string", /*default=*/"\"\"",
           "Mixed into every key">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "The ptxas the compile will use (default: as neve-compile-kernels)">,
    Option<"debugInfo", "debug-info", "bool", /*default=*/"false",
           "The kernels get line information: their locations count in the key">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def NeveCompileKernelsPass : Pass<"neve-compile-kernels", "mlir::ModuleOp"> {
  let summary = "Compile every gpu.module to an embedded cubin and PTX, in "
                "parallel";
  let description = [{
    Replaces each `gpu.module` (lowered to the LLVM and NVVM dialects, with
    `#nvvm.target`s attached) by a `gpu.binary`. The modules compile
    concurrently (the context's threads): each target's PTX through NVVM
    and LLVM's NVPTX back end, then ptxas assembles the PTX of `chip` into
    a cubin, and the result is the runtime's `NEVEKRN1` container, as
    `--neve-embed-kernels` makes it (docs/runtime-gpu.md). With `cache-dir`,
    a module carrying `neve.kernel_key` (`--neve-kernel-cache`) is stored
    under that key. With `assemble=false` each target's PTX stays a
    separate `assembly` object (what `neve-translate --emit=ptx` prints).
    Each module gets the remark `kernel NAME: compiled`. Without ptxas
    (when assembling), or when a module calls the math library (`__nv_*`)
    and its targets link no libdevice, the pass fails with an error that
    names what is missing and where it was looked for
    (neve/Support/CudaToolkit.h). With `ptx-only` the container holds the
    PTX alone and no ptxas is looked for: the CUDA driver compiles the PTX
    on the GPU host at the first launch (`neve-translate -fptx-only`,
    docs/gpu.md); the remark then says `compiled to PTX only`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "The target whose PTX is assembled into a cubin">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "The ptxas to use (default: $NEVE_PTXAS, else $CUDA_HOME/bin "
           "or $CUDA_PATH/bin when set, else /usr/local/cuda/bin, then "
           "PATH)">,
    Option<"assemble", "assemble", "bool", /*default=*/"true",
           "Assemble and pack (false: keep each target's PTX)">,
    Option<"cacheDir", "cache-dir", "std::string", /*default=*/"\"\"",
           "Where to store the results of modules with a neve.kernel_key">,
    Option<"lineInfo", "line-info", "bool", /*default=*/"false",
           "ptxas keeps line information (-lineinfo)">,
    Option<"ptxOnly", "ptx-only", "bool", /*default=*/"false",
           "Pack the PTX alone, without ptxas (the driver compiles it on "
           "the GPU host)">
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def NeveArchVariantsPass : Pass<"neve-arch-variants", "mlir::ModuleOp"> {
  let summary = "A Hopper (sm_90a) variant of the kernels that run faster "
                "there, beside the one every GPU runs";
  let description = [{
    One program runs on every GPU (docs/codegen.md, "One binary for every
    GPU"). Runs on the kernels' modules before their lowering, when
    `neve-translate` is not given `--gpu-arch`:

    - a module whose kernel uses Hopper's arch-specific instructions
      (`nvvm.wgmma.*`, `nvvm.setmaxregister`: the intrinsics of §8.4 marked
      sm_90a) exists for sm_90a only: it gets `neve.chips = ["sm_90a"]`
      (read by `--neve-kernel-abi`) and `neve.wgmma` (read by
      `--lower-layouts`);
    - a module holding a tiled product that sm_90a runs on wgmma
      (`layout.matmul` whose `lowersToWgmma()`) is cloned: the clone,
      `@NAME__sm_90a`, gets those two attributes; the original keeps the
      default chips (sm_90 cubin, sm_80 PTX) and mma.sync.
      `--neve-compile-kernels` packs both into the one `gpu.binary @NAME`
      the launches name, and the runtime picks by the device;
    - every other module is left as it is (its code is the same on every
      chip, so it is compiled once).
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def NeveKernelAbiPass : Pass<"neve-kernel-abi", "mlir::ModuleOp"> {
  let summary = "Kernel parameters and targets that Hopper code needs";
  let description = [{
    Runs on the kernels' modules once they are in the LLVM and NVVM
    dialects, before `--neve-compile-kernels`:

    - the parameters a kernel lists in `neve.tensor_map_args` (its
      `tensor_map` parameters, §8.4) become `ptr byval([16 x i64]) align 64`
      with `nvvm.grid_constant`: `.param .align 64 .b8 k_param_N[128]` in
      the PTX, whose address TMA reads the descriptor from; the host passes
      the 128 bytes (docs/codegen.md, "Kernel arguments");
    - with `chips`, it attaches an `#nvvm.target` per chip to each module
      (as `nvvm-attach-target` does, with `features`, `opt-level` and
      `link`), except the chips below the sm a module's kernel needs
      (`neve.min_sm`, from the Hopper intrinsics it uses): such a kernel's
      PTX is not compiled for sm_80, which has none of those instructions,
      and the target's verification of the module does not refuse it.
      A module's own `neve.chips` (from `--neve-arch-variants`) replaces
      `chips` for it.
      Without `chips`, targets already attached below that sm are dropped.
      A library's kernel (`neve.library_kernel`) whose instructions no chip
      of `chips` has gets a body that only traps first (spec §8.1), so the
      library can choose it at run time; any other module left with no
      target is an error at the kernel.
  }];
  let options = [
    ListOption<"chips", "chips", "std::string",
               "The chips to attach #nvvm.targets for, cubin's first">,
    Option<"features", "features", "std::string", /*default=*/"\"+ptx80\"",
           "The targets' PTX features">,
    Option<"optLevel", "opt-level", "unsigned", /*default=*/"3",
           "The targets' optimisation level">,
    ListOption<"link", "link", "std::string",
               "Bitcode libraries the targets link (libdevice)">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def NeveEmbedKernelsPass : Pass<"neve-embed-kernels", "mlir::ModuleOp"> {
  let summary = "Pack each gpu.binary into one object: a cubin and PTX";
  let description = [{
    Expects `gpu.binary` ops whose objects are PTX (`gpu-module-to-binary
    {format=isa}`), one per NVVM target. The PTX of the target `chip`
    (default sm_90) is assembled with ptxas into a cubin; the result is one
    `bin` object holding the runtime's `NEVEKRN1` container (a cubin for
    that chip and the PTX of every target), from which the runtime picks by
    the device's compute capability at the first launch (docs/runtime-gpu.md).
    Without ptxas the pass fails, naming the places it looked
    (neve/Support/CudaToolkit.h).
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90\"",
           "The target whose PTX is assembled into a cubin">,
    Option<"ptxas", "ptxas", "std::string", /*default=*/"\"\"",
           "The ptxas to use (default: $NEVE_PTXAS, else $CUDA_HOME/bin "
           "or $CUDA_PATH/bin when set, else /usr/local/cuda/bin, then "
           "PATH)">
  ];
}

def NeveCallSitesPass : Pass<"neve-call-sites", "mlir::ModuleOp"> {
  let summary = "The program's calls into C and into libraries record their "
                "source line for run-time errors";
  let description = [{
    Run-time errors raised where no source location is passed in (the CUDA
    driver missing at the first GPU call, a native of §9.1 or of Frost
    failing, the host out of memory) name the program line that led there:
    the thread's current call site, `neve_rt_call_site` (a thread-local
    pointer to a constant `{file, line, col}` record, declared in
    neve_runtime.h), which `neve_rt_error` uses when it is given no file.

    In every host `func.func` of the program (not marked `neve.library`,
    `neve.kernel` or `neve.device`), each `func.call` of an external
    function (a `proto`, `operation` or runtime entry point) or of a library
    function (marked `neve.library`), and each `func.call_indirect`, is
    bracketed by a load of the thread's site, a store of the call's own site
    record (`.site.<hash>`, from its FileLineColLoc), and after the call the
    store of the previous site back: a library calling back into the program
    finds its caller's site again. Calls without a file location are left
    alone. Library functions are not instrumented, so code inside Frost or
    the prelude reports the program line that called into it, and costs
    nothing more. Runs before task bodies are outlined, so a program's
    `async` body counts as the program's.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // NEVE_CONVERSION_PASSES
