//===- Builtins.td - The vocabulary of Neve: builtins and intrinsics -----===//
//
// Every name the language predeclares is declared here once: the host
// builtins of §7, the builtin methods of str, array, map and channel, the
// device intrinsics of §8.4 and the predeclared values (`tid`, `bx`, the
// type tags). neve-tblgen (tools/neve-tblgen) generates from this table
//   - the BuiltinId enum that the resolved AST carries (CallExpr::builtin,
//     NameExpr::builtin) and the name lookups Sema uses
//     (-gen-builtin-decls, -gen-builtin-defs);
//   - Sema's signature checks (-gen-builtin-sema);
//   - MLIRGen's dispatch to each entry's emitter (-gen-builtin-emit);
//   - the reference list of docs (-gen-builtin-doc).
// Adding a builtin is one entry here plus its emitter (and, for a
// signature no fixed list of types expresses, its check): docs/frontend.md,
// "Adding a builtin or an intrinsic".
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Types in signatures
//===----------------------------------------------------------------------===//

/// A Neve type in a signature, as the C++ expression that builds it in Sema
/// (`types` is the TypeContext; `recv` the receiver of a method).
class NType<string cpp, string spelling> {
  string Cpp = cpp;
  /// How the reference writes it.
  string Spelling = spelling;
}
def Void : NType<"types.voidTy()", "void">;
def Bool : NType<"types.boolTy()", "bool">;
def Int : NType<"types.intTy()", "int">;
def Float : NType<"types.floatTy()", "float">;
def Str : NType<"types.strTy()", "str">;
class ArrayOf<NType e>
    : NType<"types.array(" # e.Cpp # ")", "array<" # e.Spelling # ">">;
class ForeignPtr<string name>
    : NType<"types.foreign(\"" # name # "\")", name>;
/// The receiver's element type (arrays, channels) or key type (maps).
def Elem : NType<"recv->getElement()", "T">;
/// An mbarrier: an element of an i64 shared layout (§8.4).
def MBar : NType<"types.address(types.i64Ty(), MemSpace::Shared)",
                 "address<i64, smem>">;
/// A TMA descriptor (§8.4).
def TensorMap : NType<"types.foreign(\"tensor_map\")", "tensor_map">;
/// A map receiver's value type.
def MapValue : NType<"recv->getValue()", "V">;

//===----------------------------------------------------------------------===//
// Where a name may be used
//===----------------------------------------------------------------------===//

class Where<string name> {
  string Name = name;
}
/// Host code only (main, def functions, methods).
def Host : Where<"Host">;
/// Device code only (kernel and gpu functions).
def Device : Where<"Device">;
/// Both.
def Anywhere : Where<"Any">;

/// The receiver kinds of builtin methods (Type::Kind enumerators).
class Receiver<string kind> {
  string Kind = kind;
}
def NoReceiver : Receiver<"">;
def OnStr : Receiver<"Str">;
def OnArray : Receiver<"Array">;
def OnMap : Receiver<"Map">;
def OnChannel : Receiver<"Channel">;

//===----------------------------------------------------------------------===//
// Entries
//===----------------------------------------------------------------------===//

/// A predeclared name. Names are unique per receiver (methods of different
/// receivers may share a name; functions and values share one namespace).
class Builtin<string name, Where where, string summary> {
  string Name = name;
  Where Context = where;
  Receiver On = NoReceiver;
  string Summary = summary;
  /// The section of the language reference that specifies it.
  string Section = "";
  /// Present only with neve-translate --enable-test-builtins: proves that
  /// the generated path is the only one (test/Frontend/builtins-test-only.nv).
  bit TestOnly = 0;
  /// The least GPU a device intrinsic needs, when more than §8.1's
  /// compute capability 8.0: "sm_90" (Hopper: TMA, mbarrier transactions,
  /// stmatrix, ...) or "sm_90a" (Hopper's arch-specific instructions:
  /// wgmma, setmaxnreg, which exist on no other chip). Sema refuses a call
  /// when the program is compiled for a chip without it (--gpu-arch), at
  /// the call, naming both chips.
  string Chip = "";
}

/// A builtin function or intrinsic, called as `name(args)`, or a builtin
/// method, called as `x.name(args)`.
///
/// `Params` are the parameter types: the arguments are checked with them as
/// their expected types (so `[]` takes its element type from them). Unless
/// `Check` names a Checker member that checks the call itself (for
/// signatures no fixed list of types expresses), they are the signature:
/// the arguments must be exactly that many, positional, and convert
/// implicitly (§4.5) to them; `Result` is the call's type.
///
/// `Emit` is the MLIRGen code the call compiles to: a Generator member
/// called with the call (`e`, a const CallExpr &) and its location (`l`),
/// returning the call's value (null for void). It is written as the member
/// and any template arguments; the generated dispatch adds `(e, l)`.
class BuiltinFunction<string name, Where where, NType result,
                      list<NType> params, string emit, string summary>
    : Builtin<name, where, summary> {
  NType Result = result;
  list<NType> Params = params;
  string Check = "";
  string Emit = emit;
}

/// Methods are checked wherever their receiver may be used.
class BuiltinMethod<Receiver on, string name, NType result,
                    list<NType> params, string emit, string summary>
    : BuiltinFunction<name, Anywhere, result, params, emit, summary> {
  let On = on;
}

/// A predeclared value (`tid`, `bx`, `float_t`) of type `int`. `Emit` is a
/// Generator member called with the value's name (`name`, a StringRef) and
/// location (`l`); the generated dispatch adds `(name, l)`.
class PredeclaredValue<string name, Where where, string emit, string summary>
    : Builtin<name, where, summary> {
  string Emit = emit;
}

//===----------------------------------------------------------------------===//
// Host builtins (§7)
//===----------------------------------------------------------------------===//

let Section = "7" in {
let Check = "checkPrint" in {
def : BuiltinFunction<"print", Anywhere, Void, [], "emitPrint</*newline=*/true>",
  "writes its arguments' text, without separators, then a newline (in device "
  "code: string literals and scalars, with device checks only, §8.3)">;
def : BuiltinFunction<"printl", Anywhere, Void, [], "emitPrint</*newline=*/false>",
  "writes its arguments' text, without separators or a newline (in device "
  "code: as print)">;
}
// Debugging checks (issue 33): in device code, only with -g or
// -fdevice-checks (§8.3).
def : BuiltinFunction<"assert", Anywhere, Void, [Bool, Str], "emitAssert",
  "a run-time error 'assertion failed: MESSAGE' at the call when the "
  "condition is false (in device code: the block and thread too, with "
  "device checks only, §8.3)"> {
  let Check = "checkAssert";
}
def : BuiltinFunction<"pow", Anywhere, Float, [Float, Float], "emitPow",
  "x raised to the power y">;
def : BuiltinFunction<"sqrt", Anywhere, Float, [Float], "emitSqrt",
  "the square root">;
let Check = "checkMinMax" in {
def : BuiltinFunction<"min", Anywhere, Void, [], "emitMinMax</*isMin=*/true>",
  "the smaller of two numbers, in their promoted type">;
def : BuiltinFunction<"max", Anywhere, Void, [], "emitMinMax</*isMin=*/false>",
  "the larger of two numbers, in their promoted type">;
}
def : BuiltinFunction<"glob", Host, ArrayOf<Str>, [Str], "emitGlob",
  "the paths matching a shell wildcard, sorted">;
def : BuiltinFunction<"zeros_int", Host, ArrayOf<Int>, [Int],
  "emitIntFill</*value=*/0>", "an array of n zeros">;
def : BuiltinFunction<"ones_int", Host, ArrayOf<Int>, [Int],
  "emitIntFill</*value=*/1>", "an array of n ones">;
def : BuiltinFunction<"arange_int", Host, ArrayOf<Int>, [Int, Int],
  "emitArangeInt", "the ints a ... b-1">;
def : BuiltinFunction<"randu", Host, Float, [Float, Float], "emitRandu",
  "a uniform random float in [a, b)">;
def : BuiltinFunction<"randn", Host, Float, [Float, Float], "emitRandn",
  "a normal random float of mean m and standard deviation s">;
def : BuiltinFunction<"start_timer", Host, Void, [], "emitStartTimer",
  "starts the process-wide timer">;
def : BuiltinFunction<"end_timer", Host, Float, [], "emitEndTimer",
  "prints the seconds since start_timer() and returns the milliseconds">;
def : BuiltinFunction<"sleep", Host, Void, [Int], "emitSleep",
  "pauses the thread for n seconds">;
def : BuiltinFunction<"_quit_", Host, Void, [], "emitQuit",
  "exits the program with status 1">;
def : BuiltinFunction<"fail_at", Host, Void, [Str, Str], "emitFailAt",
  "writes 'AT: error: MSG' to stderr and exits with status 1 (AT: a "
  "position, such as a caller default, §3.2)">;
def : BuiltinFunction<"sm90a_available", Host, Bool, [], "emitSm90aAvailable",
  "true when the program's kernels of sm_90a alone (wgmma, setmaxnreg) run "
  "on this GPU">;
def : BuiltinFunction<"tarena_reset", Host, Void, [], "emitTarenaReset",
  "recycles the temporary device arena">;
def : BuiltinFunction<"argv", Host, ArrayOf<Str>, [], "emitArgv",
  "the program's arguments">;
def : BuiltinFunction<"seed", Host, Void, [Int], "emitSeed",
  "seeds the generator behind randu, randn, shuffle and the device initialisers">;
def : BuiltinFunction<"to_cuda", Host, ForeignPtr<"float_pp">,
  [ArrayOf<Float>], "emitToCuda",
  "a new device buffer holding the array's floats">;

//===----------------------------------------------------------------------===//
// Builtin methods (§7)
//===----------------------------------------------------------------------===//

def : BuiltinMethod<OnStr, "size", Int, [], "emitStrSize",
  "the number of bytes">;
def : BuiltinMethod<OnStr, "split", ArrayOf<Str>, [Str], "emitStrSplit",
  "the pieces between separators (a str or a char)"> {
  let Check = "checkStrSplit";
}

def : BuiltinMethod<OnArray, "append", Void, [Elem], "emitArrayAppend",
  "adds an element at the end"> {
  let Check = "checkArrayAppend";
}
def : BuiltinMethod<OnArray, "size", Int, [], "emitArraySize",
  "the number of elements">;
def : BuiltinMethod<OnArray, "clear", Void, [], "emitArrayClear",
  "removes every element">;
def : BuiltinMethod<OnArray, "shuffle", Void, [], "emitArrayShuffle",
  "shuffles the elements in place">;
let Check = "checkArrayPrint" in
def : BuiltinMethod<OnArray, "print", Void, [], "emitArrayPrint",
  "prints the elements">;
let Check = "checkArrayFold" in {
def : BuiltinMethod<OnArray, "sum", Elem, [], "emitArrayFold</*prod=*/false>",
  "the sum of the elements">;
def : BuiltinMethod<OnArray, "prod", Elem, [], "emitArrayFold</*prod=*/true>",
  "the product of the elements">;
}

def : BuiltinMethod<OnMap, "has", Bool, [Elem], "emitMapHas",
  "whether the key is present">;
def : BuiltinMethod<OnMap, "size", Int, [], "emitMapSize",
  "the number of entries">;
def : BuiltinMethod<OnMap, "clear", Void, [], "emitMapClear",
  "removes every entry">;
def : BuiltinMethod<OnMap, "keys", ArrayOf<Elem>, [], "emitMapKeys",
  "the keys, in insertion order">;
def : BuiltinMethod<OnMap, "values", ArrayOf<MapValue>, [], "emitMapValues",
  "the values, in insertion order">;
}

let Section = "6.8.5" in {
def : BuiltinMethod<OnChannel, "alive", Bool, [], "emitChannelAlive",
  "false once the channel is terminated and empty">;
def : BuiltinMethod<OnChannel, "terminate", Void, [], "emitChannelTerminate",
  "terminates the channel: receivers drain it, then get defaults">;
def : BuiltinMethod<OnChannel, "sum", Elem, [], "emitChannelSum",
  "receives until termination and adds the values up"> {
  let Check = "checkChannelSum";
}
}

//===----------------------------------------------------------------------===//
// Device intrinsics (§8.4)
//===----------------------------------------------------------------------===//

let Section = "8.4" in {
def : BuiltinFunction<"syncthreads", Device, Void, [], "emitSyncthreads",
  "a barrier for the threads of the block">;
let Check = "checkNamedBarrier" in {
def : BuiltinFunction<"bar_sync", Device, Void, [Int, Int],
  "emitNamedBarrier</*arrive=*/false>",
  "named barrier id (1..15) of n threads: arrive and wait until n threads "
  "have arrived (bar.sync)">;
def : BuiltinFunction<"bar_arrive", Device, Void, [Int, Int],
  "emitNamedBarrier</*arrive=*/true>",
  "named barrier id (1..15) of n threads: arrive without waiting "
  "(bar.arrive)">;
}
let Check = "checkShuffle" in {
def : BuiltinFunction<"shfl_sync", Device, Void, [],
  "emitShuffle<mlir::gpu::ShuffleMode::XOR>",
  "butterfly exchange: the v of lane lane ^ m">;
def : BuiltinFunction<"shfl_xor_sync", Device, Void, [],
  "emitShuffle<mlir::gpu::ShuffleMode::XOR>",
  "the same as shfl_sync">;
def : BuiltinFunction<"shfl_down_sync", Device, Void, [],
  "emitShuffle<mlir::gpu::ShuffleMode::DOWN>",
  "the v of lane lane + d (its own past lane 31)">;
def : BuiltinFunction<"shfl_idx_sync", Device, Void, [],
  "emitShuffle<mlir::gpu::ShuffleMode::IDX>",
  "the v of lane i (a broadcast: with a constant i, a value the "
  "compiler knows is the same in every lane)">;
}
let Check = "checkAtomic" in {
def : BuiltinFunction<"atomic_add", Device, Void, [], "emitAtomic<AtomicKind::Add>",
  "p[i] += v atomically; returns the old value">;
def : BuiltinFunction<"atomic_exch", Device, Void, [], "emitAtomic<AtomicKind::Exch>",
  "p[i] = v atomically; returns the old value">;
}
let Check = "checkAtomicIntOnly" in {
def : BuiltinFunction<"atomic_max", Device, Void, [], "emitAtomic<AtomicKind::Max>",
  "p[i] = max(p[i], v) atomically (int); returns the old value">;
def : BuiltinFunction<"atomic_min", Device, Void, [], "emitAtomic<AtomicKind::Min>",
  "p[i] = min(p[i], v) atomically (int); returns the old value">;
}
def : BuiltinFunction<"exp", Device, Float, [Float], "emitMathUnary<mlir::math::ExpOp>",
  "e to the power x">;
def : BuiltinFunction<"log", Device, Float, [Float], "emitMathUnary<mlir::math::LogOp>",
  "the natural logarithm">;
def : BuiltinFunction<"tanh", Device, Float, [Float], "emitMathUnary<mlir::math::TanhOp>",
  "the hyperbolic tangent">;
def : BuiltinFunction<"abs", Device, Float, [Float], "emitMathUnary<mlir::math::AbsFOp>",
  "the absolute value">;
def : BuiltinFunction<"floor", Device, Float, [Float], "emitMathUnary<mlir::math::FloorOp>",
  "the largest integral value not above x">;
def : BuiltinFunction<"ceil", Device, Float, [Float], "emitMathUnary<mlir::math::CeilOp>",
  "the smallest integral value not below x">;
def : BuiltinFunction<"fast_exp", Device, Float, [Float], "emitFastExp",
  "exp with the hardware approximation (ex2.approx)">;
def : BuiltinFunction<"fast_exp2", Device, Float, [Float], "emitFastExp2",
  "2 to the power x with the hardware approximation (ex2.approx)">;
def : BuiltinFunction<"fast_log", Device, Float, [Float], "emitFastLog",
  "log with the hardware approximation (lg2.approx)">;
def : BuiltinFunction<"fast_tanh", Device, Float, [Float], "emitFastTanh",
  "tanh with the hardware approximation (tanh.approx)">;
def : BuiltinFunction<"fast_rcp", Device, Float, [Float], "emitFastRcp",
  "1/x with the hardware approximation (rcp.approx.ftz: within 1 ulp, "
  "subnormals flushed to zero)">;
def : BuiltinFunction<"fma", Device, Float, [Float, Float, Float],
  "emitMathFma", "a * b + c with one rounding (fma.rn.f32)">;
def : BuiltinFunction<"tf32_round", Device, Float, [Float], "emitTf32Round",
  "x rounded to TF32 (cvt.rna.tf32.f32: 10 mantissa bits, to nearest, ties "
  "away from zero), as a float whose low 13 bits are zero">;
def : BuiltinFunction<"cp_async16", Device, Void, [], "emitCpAsync16",
  "copies 16 bytes from global to shared memory asynchronously"> {
  let Check = "checkCpAsync16";
}
def : BuiltinFunction<"cp_commit_group", Device, Void, [], "emitCpCommitGroup",
  "closes the group of asynchronous copies issued so far">;
def : BuiltinFunction<"cp_wait_group", Device, Void, [Int], "emitCpWaitGroup",
  "waits until at most n groups of copies are pending (n constant)"> {
  let Check = "checkCpWaitGroup";
}
def : BuiltinFunction<"cp_wait_all", Device, Void, [], "emitCpWaitAll",
  "waits for every asynchronous copy">;
let Check = "checkLdmatrix" in {
def : BuiltinFunction<"ldmatrix_x4", Device, Void, [],
  "emitLdmatrix</*count=*/4, /*transpose=*/false>",
  "loads four 8x8 b16 matrices from shared memory into fragments">;
def : BuiltinFunction<"ldmatrix_x2", Device, Void, [],
  "emitLdmatrix</*count=*/2, /*transpose=*/false>",
  "loads two 8x8 b16 matrices from shared memory into fragments">;
def : BuiltinFunction<"ldmatrix_x4_trans", Device, Void, [],
  "emitLdmatrix</*count=*/4, /*transpose=*/true>",
  "ldmatrix_x4, each matrix transposed">;
def : BuiltinFunction<"ldmatrix_x2_trans", Device, Void, [],
  "emitLdmatrix</*count=*/2, /*transpose=*/true>",
  "ldmatrix_x2, each matrix transposed">;
}
def : BuiltinFunction<"mma_16x8x16", Device, Void, [], "emitMma16x8x16",
  "D += A B on the tensor cores (bf16 or half fragments, float D)"> {
  let Check = "checkMma16x8x16";
}

// Hopper (§8.4, "Hopper intrinsics"): lowered through the NVVM dialect
// (MLIRGenHopper.cpp), the tensor maps of tma_load/tma_store passed as
// 128-byte grid-constant kernel parameters (docs/codegen.md).
def : BuiltinFunction<"launch_bounds", Device, Void, [Int, Int],
  "emitLaunchBounds",
  "declares the kernel's largest block (threads) and the blocks it needs "
  "resident per multiprocessor (PTX .maxntid, .minnctapersm)"> {
  let Check = "checkLaunchBounds";
}
def : BuiltinFunction<"mbar_init", Device, Void, [MBar, Int], "emitMbarInit",
  "initialises the mbarrier at an i64 shared element for n arrivals per "
  "phase">;
def : BuiltinFunction<"mbar_arrive", Device, Void, [MBar], "emitMbarArrive",
  "arrives on the mbarrier (release)">;
let Chip = "sm_90" in {
def : BuiltinFunction<"mbar_expect_tx", Device, Void, [MBar, Int],
  "emitMbarExpectTx",
  "adds n bytes to the transactions the mbarrier's phase waits for">;
def : BuiltinFunction<"mbar_arrive_expect_tx", Device, Void, [MBar, Int],
  "emitMbarArriveExpectTx",
  "mbar_expect_tx, then an arrival, as one instruction">;
def : BuiltinFunction<"mbar_try_wait", Device, Bool, [MBar, Int],
  "emitMbarTryWait",
  "whether the phase of the given parity has completed (may suspend the "
  "thread a while first; acquire)">;
def : BuiltinFunction<"mbar_wait", Device, Void, [MBar, Int], "emitMbarWait",
  "waits until the phase of the given parity has completed (acquire)">;
def : BuiltinFunction<"fence_proxy_async", Device, Void, [],
  "emitFenceProxyAsync",
  "orders the thread's shared-memory accesses with later asynchronous-proxy "
  "accesses (TMA, wgmma): fence.proxy.async.shared::cta">;
def : BuiltinFunction<"elect_one", Device, Bool, [], "emitElectOne",
  "true in one lane of the warp (elect.sync; all 32 lanes execute it)">;
let Check = "checkStmatrix" in {
def : BuiltinFunction<"stmatrix_x4", Device, Void, [],
  "emitStmatrix</*count=*/4, /*transpose=*/false>",
  "stores four 8x8 b16 matrices from fragments to shared memory">;
def : BuiltinFunction<"stmatrix_x2", Device, Void, [],
  "emitStmatrix</*count=*/2, /*transpose=*/false>",
  "stores two 8x8 b16 matrices from fragments to shared memory">;
def : BuiltinFunction<"stmatrix_x4_trans", Device, Void, [],
  "emitStmatrix</*count=*/4, /*transpose=*/true>",
  "stmatrix_x4, each matrix transposed">;
def : BuiltinFunction<"stmatrix_x2_trans", Device, Void, [],
  "emitStmatrix</*count=*/2, /*transpose=*/true>",
  "stmatrix_x2, each matrix transposed">;
}
def : BuiltinFunction<"tma_load", Device, Void, [], "emitTmaLoad",
  "copies a tensor map's box at element coordinates into shared memory, "
  "completing bytes on an mbarrier">{
  let Check = "checkTmaLoad";
}
def : BuiltinFunction<"tma_store", Device, Void, [],
  "emitTmaStore</*add=*/false>",
  "copies shared memory into a tensor map's box at element coordinates "
  "(a bulk group)"> {
  let Check = "checkTmaStore";
}
def : BuiltinFunction<"tma_store_add", Device, Void, [],
  "emitTmaStore</*add=*/true>",
  "adds shared memory into a tensor map's box at element coordinates, "
  "element by element in the L2 cache (a bulk group)"> {
  let Check = "checkTmaStore";
}
def : BuiltinFunction<"tma_commit_group", Device, Void, [],
  "emitTmaCommitGroup", "closes the thread's pending tma_store copies into a "
  "bulk group">;
let Check = "checkConstantWait" in {
def : BuiltinFunction<"tma_wait_group", Device, Void, [Int],
  "emitTmaWaitGroup</*read=*/false>",
  "waits until at most n of the thread's bulk groups are pending (n "
  "constant; their writes are then done)">;
def : BuiltinFunction<"tma_wait_group_read", Device, Void, [Int],
  "emitTmaWaitGroup</*read=*/true>",
  "waits until at most n of the thread's bulk groups still read their "
  "shared-memory source (n constant)">;
}
}
let Chip = "sm_90a" in {
def : BuiltinFunction<"wgmma", Device, Void, [],
  "emitWgmma</*mnMajorA=*/false, /*mnMajorB=*/false>",
  "warpgroup D += A Bt, m64nNk16, A and B K-major bf16/half tiles in "
  "(swizzled) shared memory (or A the thread's fragment in registers), D a "
  "float register layout of N/2 elements; float tiles (both in shared "
  "memory) run as TF32, m64nNk8; a literal false fourth argument makes it "
  "D = A Bt (scale-d 0)"> {
  let Check = "checkWgmma";
}
def : BuiltinFunction<"wgmma_nn", Device, Void, [],
  "emitWgmma</*mnMajorA=*/false, /*mnMajorB=*/true>",
  "warpgroup D += A B, m64nNk16: wgmma with B a 16xN tile whose rows run "
  "along K (MN-major), in panels of a swizzled row's width"> {
  let Check = "checkWgmma";
}
def : BuiltinFunction<"wgmma_tn", Device, Void, [],
  "emitWgmma</*mnMajorA=*/true, /*mnMajorB=*/true>",
  "warpgroup D += At B, m64nNk16: wgmma_nn with A too a tile whose rows run "
  "along K (a 16x64 tile of a 64-wide row-major matrix), both in shared "
  "memory"> {
  let Check = "checkWgmma";
}
def : BuiltinFunction<"wgmma_fence", Device, Void, [], "emitWgmmaFence",
  "orders register accesses before the warpgroup's next wgmma "
  "(wgmma.fence)">;
def : BuiltinFunction<"wgmma_commit_group", Device, Void, [],
  "emitWgmmaCommitGroup", "closes the warpgroup's pending wgmma into a group">;
def : BuiltinFunction<"wgmma_wait_group", Device, Void, [Int],
  "emitWgmmaWaitGroup",
  "waits until at most n wgmma groups are pending (n constant)"> {
  let Check = "checkConstantWait";
}
let Check = "checkSetmaxnreg" in {
def : BuiltinFunction<"setmaxnreg_inc", Device, Void, [Int],
  "emitSetmaxnreg</*increase=*/true>",
  "raises the warpgroup's registers per thread to n (24..256, a multiple "
  "of 8, constant)">;
def : BuiltinFunction<"setmaxnreg_dec", Device, Void, [Int],
  "emitSetmaxnreg</*increase=*/false>",
  "lowers the warpgroup's registers per thread to n (24..256, a multiple "
  "of 8, constant)">;
}
}
}

// Tensor maps (§8.4): made on the host, passed to a kernel's tensor_map
// parameter, used by tma_load and tma_store.
let Section = "8.4" in {
def : BuiltinFunction<"tensor_map", Host, TensorMap, [], "emitTensorMap",
  "the TMA descriptor of a row-major 2-D device tensor (rows, cols[, row "
  "pitch]) cut in boxes of box_rows x box_cols, with a swizzle; cached"> {
  let Check = "checkTensorMap";
}
def : BuiltinFunction<"tensor_map_3d", Host, TensorMap, [], "emitTensorMap3d",
  "the TMA descriptor of a dense row-major 3-D device tensor cut in boxes; "
  "cached"> {
  let Check = "checkTensorMap";
}
}

//===----------------------------------------------------------------------===//
// Predeclared values
//===----------------------------------------------------------------------===//

// Thread ids of asyncs bodies (§6.8.1).
let Section = "6.8.1" in {
def : PredeclaredValue<"tid", Host, "emitThreadId",
  "the index of the thread in its asyncs group">;
def : PredeclaredValue<"tN", Host, "emitThreadId",
  "the number of threads of the asyncs group">;
def : PredeclaredValue<"tHW", Host, "emitThreadId",
  "the number of hardware threads">;
}

// Device values (§8.2).
let Section = "8.2" in {
class GpuIndex<string name, string op, string dim, string summary>
    : PredeclaredValue<name, Device,
        "emitGpuIndex<mlir::gpu::" # op # ", mlir::gpu::Dimension::" # dim # ">",
        summary>;
def : GpuIndex<"bx", "BlockIdOp", "x", "the block's index along x">;
def : GpuIndex<"by", "BlockIdOp", "y", "the block's index along y">;
def : GpuIndex<"bz", "BlockIdOp", "z", "the block's index along z">;
def : GpuIndex<"tx", "ThreadIdOp", "x", "the thread's index in its block along x">;
def : GpuIndex<"ty", "ThreadIdOp", "y", "the thread's index in its block along y">;
def : GpuIndex<"tz", "ThreadIdOp", "z", "the thread's index in its block along z">;
def : GpuIndex<"bdx", "BlockDimOp", "x", "the block's size along x">;
def : GpuIndex<"bdy", "BlockDimOp", "y", "the block's size along y">;
def : GpuIndex<"bdz", "BlockDimOp", "z", "the block's size along z">;
def : GpuIndex<"gdx", "GridDimOp", "x", "the grid's size along x">;
def : GpuIndex<"gdy", "GridDimOp", "y", "the grid's size along y">;
def : GpuIndex<"gdz", "GridDimOp", "z", "the grid's size along z">;
def : PredeclaredValue<"warp", Device, "emitWarpIndex",
  "the warp's index in its block">;
def : PredeclaredValue<"lane", Device, "emitLaneIndex",
  "the thread's lane in its warp">;
}

// Type tags (§4.4): int constants naming a type.
let Section = "4.4" in {
class TypeTag<string type, string constant>
    : PredeclaredValue<type # "_t", Anywhere,
        "emitIntConstant<" # constant # ">", "the type tag of " # type>;
def : TypeTag<"int", "NEVE_TYPE_INT">;
def : TypeTag<"i8", "NEVE_TYPE_I8">;
def : TypeTag<"i16", "NEVE_TYPE_I16">;
def : TypeTag<"i64", "NEVE_TYPE_I64">;
def : TypeTag<"float", "NEVE_TYPE_FLOAT">;
def : TypeTag<"bf16", "NEVE_TYPE_BF16">;
def : TypeTag<"half", "NEVE_TYPE_HALF">;
def : TypeTag<"char", "NEVE_TYPE_CHAR">;
def : TypeTag<"str", "NEVE_TYPE_STR">;
def : TypeTag<"array", "NEVE_TYPE_ARRAY">;
def : TypeTag<"bool", "NEVE_TYPE_BOOL">;
}

//===----------------------------------------------------------------------===//
// Test-only entries (neve-translate --enable-test-builtins)
//===----------------------------------------------------------------------===//

let TestOnly = 1 in {
def : BuiltinFunction<"__test_fma", Anywhere, Float, [Float, Float, Float],
  "emitTestFma", "a * b + c (a test of the generated builtin path)">;
def : BuiltinMethod<OnStr, "__test_twice", Int, [], "emitTestTwice",
  "twice the string's size (a test of the generated method path)">;
def : PredeclaredValue<"__test_answer", Anywhere, "emitIntConstant<42>",
  "42 (a test of the generated value path)">;
}
