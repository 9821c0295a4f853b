"""cuBLAS baselines for bench/gemm/float_gemm.nv, through PyTorch, timed the
same way (WARMUP untimed calls, then ITERS calls between two CUDA events):
float32 products in the same orientations, on the same values.

  cublas_fp32_<o>  torch.backends.cuda.matmul.allow_tf32 = False (exact
                   float32, PyTorch's default: cuBLAS's SGEMM)
  cublas_tf32_<o>  allow_tf32 = True (cuBLAS on TF32 tensor cores)

with <o> nt (out = a . b^T), nn (out += a . b: addmm) and tn
(out += a^T . b). Prints RESULT lines as float_gemm.nv does.

  python3 bench/gemm/torch_float.py [ITERS [WARMUP]]
"""

import sys

import torch

from torch_gemm import time_ms  # the same events, the same way

# Keep in step with float_gemm.nv's main.
PROBLEMS = [(2048, 2048, 2048), (4096, 4096, 4096), (8192, 8192, 8192),
            (4096, 12288, 4096), (4096, 4096, 11008)]


def filled(n, seed):
    i = torch.arange(n, device="cuda", dtype=torch.int64)
    h = ((i % 65521) * 7919 + seed * 104729) % 2003
    return (h - 1001).to(torch.float32) / 1001.0


def main():
    iters = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    warmup = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    print(f"torch {torch.__version__}, {torch.cuda.get_device_name()}")
    for m, n, k in PROBLEMS:
        a = filled(m * k, 1)
        b = filled(k * n, 2)
        out = torch.zeros(m, n, device="cuda")
        for o in ("nt", "nn", "tn"):
            if o != "nt" and m != n:
                continue
            if o == "nt":
                am, bm = a.view(m, k), b.view(n, k)
                fn = lambda: torch.mm(am, bm.t(), out=out)
            elif o == "nn":
                am, bm = a.view(m, k), b.view(k, n)
                fn = lambda: torch.addmm(out, am, bm, out=out)
            else:
                am, bm = a.view(k, m), b.view(k, n)
                fn = lambda: torch.addmm(out, am.t(), bm, out=out)
            for name, tf32 in (("cublas_fp32", False), ("cublas_tf32", True)):
                torch.backends.cuda.matmul.allow_tf32 = tf32
                it = max(2, iters // 10) if not tf32 else iters
                ms = time_ms(fn, it, min(warmup, it))
                print(f"RESULT {name}_{o} {m} {n} {k} {ms:.6f} {2 * m * n * k / ms / 1e9:.3f}", flush=True)


if __name__ == "__main__":
    main()
