//===- NeveConcurrencyOps.td - Threads, locks, channels -----*- tablegen -*-===//
//
// Included by NeveOps.td; one file per domain of the dialect.
//
// §6.8. MLIRGen emits `neve.async`/`neve.asyncs` with their bodies as
// regions isolated from above: the locals a body uses are captured by value
// as operands (entry-block arguments inside). `--convert-concurrency-to-
// runtime` outlines each body into a function taking an environment pointer
// (`neve.task_env` unpacks it) and leaves a `neve.task_spawn`; NeveToLLVM
// lowers that and the other ops here to the runtime (neve_runtime.h,
// "Concurrency").
//
//===----------------------------------------------------------------------===//

#ifndef NEVE_CONCURRENCY_OPS
#define NEVE_CONCURRENCY_OPS

include "mlir/IR/SymbolInterfaces.td"

//===----------------------------------------------------------------------===//
// finish, tasks, thread ids
//===----------------------------------------------------------------------===//

def Neve_FinishBeginOp : Neve_Op<"finish_begin"> {
  let summary = "open a `finish` scope (§6.8.3)";
  let description = [{
    The scope that the tasks started lexically inside the `finish` register
    with; `neve.finish_end` waits for them. MLIRGen ends the scope on every
    path out of the block (`return`, `break`, `continue`).

    ```mlir
    %f = neve.finish_begin : !llvm.ptr
    ```
  }];
  let results = (outs Neve_HostPointer:$scope);
  let assemblyFormat = "attr-dict `:` type($scope)";
}

def Neve_FinishEndOp : Neve_Op<"finish_end"> {
  let summary = "wait for every task of a `finish` scope, then close it";
  let arguments = (ins Neve_HostPointer:$scope);
  let assemblyFormat = "$scope attr-dict `:` type($scope)";
}

class Neve_TaskOp<string mnemonic, list<Trait> traits = []>
    : Neve_Op<mnemonic, !listconcat(traits, [IsolatedFromAbove])> {
  let regions = (region AnyRegion:$body);
  let hasVerifier = 1;
}

def Neve_AsyncOp : Neve_TaskOp<"async", [AttrSizedOperandSegments]> {
  let summary = "start one thread running the body (`async`, §6.8.1)";
  let description = [{
    Starts a thread that runs `body` and continues at once. The body is
    isolated from above: `captures` are the values of the locals it uses,
    taken when the thread starts (§6.8.1: by value; a reference shares its
    object), and the body's entry block receives them as arguments. The
    optional `scope` is the enclosing `finish` (none: never joined). Blocks
    of the body end with `neve.task_return` (or branch). In the thread `tid`
    is 0 and `tN` is 1.

    ```mlir
    neve.async scope(%f : !llvm.ptr) captures(%x : i32) {
    ^bb0(%x0: i32):
      neve.print %x0 : i32
      neve.task_return
    }
    ```
  }];
  let arguments = (ins Optional<Neve_HostPointer>:$scope,
                       Variadic<AnyType>:$captures);
  let assemblyFormat = [{
    (`scope` `(` $scope^ `:` type($scope) `)`)?
    (`captures` `(` $captures^ `:` type($captures) `)`)? $body attr-dict
  }];
}

def Neve_AsyncsOp : Neve_TaskOp<"asyncs", [AttrSizedOperandSegments]> {
  let summary = "start `count` threads running the body (`asyncs N`, §6.8.1)";
  let description = [{
    As `neve.async`, but starts `count` threads (none when it is <= 0);
    thread i sees `tid` i and `tN` `count`. All share the captured values.

    ```mlir
    neve.asyncs %n : i64 captures(%a : !neve.array<i32>) {
    ^bb0(%a0: !neve.array<i32>):
      neve.task_return
    }
    ```
  }];
  let arguments = (ins Optional<Neve_HostPointer>:$scope, I64:$count,
                       Variadic<AnyType>:$captures);
  let assemblyFormat = [{
    (`scope` `(` $scope^ `:` type($scope) `)`)? $count `:` type($count)
    (`captures` `(` $captures^ `:` type($captures) `)`)? $body attr-dict
  }];
}

def Neve_TaskReturnOp : Neve_Op<"task_return", [Terminator, Pure,
    ParentOneOf<["AsyncOp", "AsyncsOp"]>]> {
  let summary = "end the thread running a task body";
  let assemblyFormat = "attr-dict";
}

def Neve_TaskSpawnOp : Neve_Op<"task_spawn", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    AttrSizedOperandSegments]> {
  let summary = "start tasks running an outlined body";
  let description = [{
    What `--convert-concurrency-to-runtime` leaves of `neve.async` (no
    `count`) and `neve.asyncs`: `callee` is the outlined body, a function
    `(!llvm.ptr) -> ()` receiving a new garbage-collected environment that
    holds `captures` (unpacked there by `neve.task_env` of the same types).
    Lowered to neve_async / neve_asyncs.

    ```mlir
    neve.task_spawn @main.task0 scope(%f : !llvm.ptr) count(%n)
        captures(%x : i32)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Optional<Neve_HostPointer>:$scope,
                       Optional<I64>:$count,
                       Variadic<AnyType>:$captures);
  let assemblyFormat = [{
    $callee (`scope` `(` $scope^ `:` type($scope) `)`)? (`count` `(` $count^ `)`)?
    (`captures` `(` $captures^ `:` type($captures) `)`)? attr-dict
  }];
}

def Neve_TaskEnvOp : Neve_Op<"task_env", [Pure]> {
  let summary = "the captured values in a task's environment";
  let description = [{
    In an outlined task body: loads the values that `neve.task_spawn`
    stored in the environment `env`, in order (their types are the results').

    ```mlir
    %x, %a = neve.task_env %env : !llvm.ptr -> i32, !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_HostPointer:$env);
  let results = (outs Variadic<AnyType>:$values);
  let assemblyFormat = "$env attr-dict `:` type($env) `->` type($values)";
}

def Neve_ThreadIdOp : Neve_Op<"thread_id"> {
  let summary = "`tid`, `tN` or `tHW` (§6.8.1)";
  let description = [{
    `kind` is "tid" (the thread's index in its `asyncs`), "tN" (the number of
    threads of that `asyncs`) or "tHW" (hardware threads). Reads thread-local
    state, so it is not moved across calls.

    ```mlir
    %t = neve.thread_id "tid" : i32
    ```
  }];
  let arguments = (ins StrAttr:$kind);
  let results = (outs I32:$result);
  let assemblyFormat = "$kind attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Neve_ArraySplitOp : Neve_Op<"array_split", [
    AllTypesMatch<["array", "result"]>]> {
  let summary = "the calling thread's share of an array (`>xs`, `:xs`, §6.8.2)";
  let description = [{
    A new array holding the calling thread's share: contiguous chunks of
    n /| tN elements, or with `strided` the elements tid, tid + tN, ...

    ```mlir
    %part = neve.array_split %xs : !neve.array<i32>
    ```
  }];
  let arguments = (ins Neve_ArrayType:$array, UnitAttr:$strided);
  let results = (outs Neve_ArrayType:$result);
  let assemblyFormat = "$array attr-dict `:` qualified(type($array))";
}

//===----------------------------------------------------------------------===//
// Locks
//===----------------------------------------------------------------------===//

def Neve_LockAcquireOp : Neve_Op<"lock_acquire"> {
  let summary = "take the process-wide lock `name` (§6.8.4; \"\" anonymous)";
  let arguments = (ins StrAttr:$name);
  let assemblyFormat = "$name attr-dict";
}

def Neve_LockReleaseOp : Neve_Op<"lock_release"> {
  let summary = "release the process-wide lock `name`";
  let arguments = (ins StrAttr:$name);
  let assemblyFormat = "$name attr-dict";
}

//===----------------------------------------------------------------------===//
// Channels
//===----------------------------------------------------------------------===//

def Neve_ChannelNewOp : Neve_Op<"channel_new"> {
  let summary = "a new open channel with `capacity` slots";
  let arguments = (ins I64Attr:$capacity);
  let results = (outs Res<Neve_ChannelType, "", [MemAlloc]>:$result);
  let assemblyFormat = "$capacity attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Neve_ChannelSendOp : Neve_Op<"channel_send"> {
  let summary = "`ch <- v`: wait while full, then enqueue (no-op once terminated)";
  let arguments = (ins Neve_ChannelType:$channel, AnyType:$value);
  let assemblyFormat =
      "$channel `,` $value attr-dict `:` qualified(type($channel)) `,` type($value)";
  let hasVerifier = 1;
}

def Neve_ChannelRecvOp : Neve_Op<"channel_recv"> {
  let summary = "`v <- ch`: wait while empty and open, then dequeue";
  let description = [{
    On a terminated, empty channel the result is the element's zero at once
    and `received` is false (MLIRGen substitutes the §4.6 default when that
    is not zero, e.g. `""` for `str`).

    ```mlir
    %v, %ok = neve.channel_recv %ch : !neve.channel<i32> -> i32
    ```
  }];
  let arguments = (ins Neve_ChannelType:$channel);
  let results = (outs AnyType:$result, I1:$received);
  let assemblyFormat =
      "$channel attr-dict `:` qualified(type($channel)) `->` type($result)";
  let hasVerifier = 1;
}

def Neve_ChannelAliveOp : Neve_Op<"channel_alive"> {
  let summary = "`ch.alive()`: true until `ch.terminate()`";
  let arguments = (ins Neve_ChannelType:$channel);
  let results = (outs I1:$result);
  let assemblyFormat = "$channel attr-dict `:` qualified(type($channel))";
}

def Neve_ChannelTerminateOp : Neve_Op<"channel_terminate"> {
  let summary = "`ch.terminate()`: idempotent; wakes every waiting thread";
  let arguments = (ins Neve_ChannelType:$channel);
  let assemblyFormat = "$channel attr-dict `:` qualified(type($channel))";
}

def Neve_ChannelSumOp : Neve_Op<"channel_sum"> {
  let summary = "`ch.sum()`: drain the queued values without waiting, summed";
  let arguments = (ins Neve_ChannelType:$channel);
  let results = (outs AnyTypeOf<[I32, I64, F32]>:$result);
  let assemblyFormat =
      "$channel attr-dict `:` qualified(type($channel)) `->` type($result)";
  let hasVerifier = 1;
}

#endif // NEVE_CONCURRENCY_OPS
