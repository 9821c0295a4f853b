"""cuBLAS baselines for bench/gemm/gemm.nv, through PyTorch, timed the same
way: the same problems (m, n, k), A (m x k) and B (n x k) bf16 on the GPU,
uniform in [0, 1), WARMUP untimed calls, then ITERS calls between two CUDA
events on the current stream. Prints
  RESULT <variant> <m> <n> <k> <ms per call> <TFLOP/s>
lines (2*m*n*k flops a call), as gemm.nv does. Variants:

  cublas       torch.matmul(a, b.t()): bf16 output (the baseline)
  cublas_f32   torch.mm(a, b.t(), torch.float32): float output, as Neve's
               kernels write; only where this PyTorch has mm's out_dtype
  cublas_f32_acc  torch.addmm(c, a, b.t(), out_dtype=torch.float32): float
  cublas_f32_acc_nn, cublas_f32_acc_tn  the same with b stored [k, n] (NN)
               and also a stored [k, m] (TN: a.t()), as gemm.nv's hopper_nn
               and hopper_tn
               C added to, as Neve's kernels do (C += A.B^T); only where
               this PyTorch has addmm's out_dtype

Both are checked once against a float32 matmul of the same inputs first.

  python3 bench/gemm/torch_gemm.py [ITERS [WARMUP]]
"""

import sys

import torch

# Keep in step with the problems in gemm.nv's main.
PROBLEMS = [
    (1024, 1024, 1024),
    (2048, 2048, 2048),
    (4096, 4096, 4096),
    (8192, 8192, 8192),
    (4096, 12288, 4096),
    (4096, 11008, 4096),
    (4096, 4096, 11008),
    (8192, 2304, 768),
    (8192, 768, 768),
    (8192, 3072, 768),
    (8192, 768, 3072),
]


def time_ms(fn, iters, warmup):
    for _ in range(warmup):
        fn()
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(iters):
        fn()
    stop.record()
    stop.synchronize()
    return start.elapsed_time(stop) / iters


def report(variant, m, n, k, ms):
    tflops = 2.0 * m * n * k / ms / 1e9
    print(f"RESULT {variant} {m} {n} {k} {ms:.6f} {tflops:.2f}", flush=True)


def f32_out_available(dev):
    """torch.mm(a, b, out_dtype) (bf16 in, float out) exists in newer PyTorch."""
    a = torch.ones(16, 16, device=dev, dtype=torch.bfloat16)
    try:
        c = torch.mm(a, a.t(), torch.float32)
    except (TypeError, RuntimeError) as e:
        print(f"# cublas_f32 skipped: torch.mm(..., out_dtype) unavailable ({e})".splitlines()[0],
              flush=True)
        return False
    return c.dtype == torch.float32


def f32_acc_available(dev):
    """torch.addmm(c, a, b, out_dtype=float32) (bf16 in, float C added)."""
    a = torch.ones(16, 16, device=dev, dtype=torch.bfloat16)
    c = torch.zeros(16, 16, device=dev)
    try:
        d = torch.addmm(c, a, a.t(), out_dtype=torch.float32)
    except (TypeError, RuntimeError) as e:
        print(f"# cublas_f32_acc skipped: torch.addmm(..., out_dtype) unavailable ({e})".splitlines()[0],
              flush=True)
        return False
    return d.dtype == torch.float32


def main():
    iters = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    warmup = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    dev = torch.device("cuda")
    print(f"# torch {torch.__version__} (CUDA {torch.version.cuda}) "
          f"on {torch.cuda.get_device_name(dev)}; "
          f"{iters} timed calls after {warmup} warm-up calls", flush=True)
    f32 = f32_out_available(dev)
    f32_acc = f32_acc_available(dev)
    status = 0
    for m, n, k in PROBLEMS:
        a = torch.rand(m, k, device=dev).to(torch.bfloat16)
        b = torch.rand(n, k, device=dev).to(torch.bfloat16)
        bt = b.t()
        # Same tolerance as gemm.nv: 1e-2*sqrt(k) against a float product
        # (exact products even if it ran in TF32: bf16 values fit TF32's
        # mantissa), plus the bf16 rounding of the output (2^-8 relative).
        ref = a.float() @ b.float().t()
        def run(variant, fn, err_of, tol):
            """Checks fn() once (err_of(result) <= tol), then times it."""
            err = err_of(fn())
            print(f"CHECK {variant} {m} {n} {k} {err:.6g} {'ok' if err <= tol else 'FAIL'}",
                  flush=True)
            report(variant, m, n, k, time_ms(fn, iters, warmup))
            return err <= tol

        ok = run("cublas", lambda: torch.matmul(a, bt),
                 lambda c: (c.float() - ref).abs().max().item(),
                 1e-2 * k ** 0.5 + ref.abs().max().item() * 2.0 ** -8)
        if f32:
            ok &= run("cublas_f32", lambda: torch.mm(a, bt, torch.float32),
                      lambda c: (c - ref).abs().max().item(), 1e-2 * k ** 0.5)
        if f32_acc:
            # C + A.B^T into float: what Neve's kernels do (they add to C)
            c0 = torch.rand(m, n, device=dev)
            ok &= run("cublas_f32_acc",
                      lambda: torch.addmm(c0, a, bt, out_dtype=torch.float32),
                      lambda c: (c - c0 - ref).abs().max().item(), 1e-2 * k ** 0.5)
            # the other operand layouts, as a backward's dx (NN: a [m, k]
            # times b stored [k, n]) and dw (TN: a stored [k, m], transposed)
            bkn = b.t().contiguous()
            akm = a.t().contiguous()
            c0 = torch.rand(m, n, device=dev)
            ok &= run("cublas_f32_acc_nn",
                      lambda: torch.addmm(c0, a, bkn, out_dtype=torch.float32),
                      lambda c: (c - c0 - ref).abs().max().item(), 1e-2 * k ** 0.5)
            ok &= run("cublas_f32_acc_tn",
                      lambda: torch.addmm(c0, akm.t(), bkn, out_dtype=torch.float32),
                      lambda c: (c - c0 - ref).abs().max().item(), 1e-2 * k ** 0.5)
            del c0, bkn, akm
        if not ok:
            status = 1
        del a, b, bt, ref
        torch.cuda.empty_cache()
    return status


if __name__ == "__main__":
    sys.exit(main())
