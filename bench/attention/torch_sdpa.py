"""PyTorch's scaled_dot_product_attention with the flash backend (and the
cuDNN backend, as `cudnn` lines), bf16, timed exactly as
bench/attention/flash.nv times Frost's flash attention: the same shapes,
CUDA events around ITERS calls after 3 warm-up ones (the median of 3
timings), FLOPs 4 B H S^2 D
(halved when causal), the backward's 2.5 times that. Prints the same line
format:
  [cudnn ]attention B H S D causal: MS ms TFLOPS TFLOP/s
  [cudnn ]attention-bwd B H S D causal: MS ms TFLOPS TFLOP/s
"""
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

iters = int(sys.argv[1]) if len(sys.argv) > 1 else 20
torch.manual_seed(0)


def timed(fn):
    """The median of 3 timings of ITERS calls, after 3 warm-up calls."""
    for _ in range(3):
        fn()
    times = []
    for _ in range(3):
        torch.cuda.synchronize()
        e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        e0.record()
        for _ in range(iters):
            fn()
        e1.record()
        torch.cuda.synchronize()
        times.append(e0.elapsed_time(e1) / iters)
    return sorted(times)[1]


for backend, prefix in ((SDPBackend.FLASH_ATTENTION, ""), (SDPBackend.CUDNN_ATTENTION, "cudnn ")):
    for b, h, s, d in [(8, 16, 4096, 128), (16, 16, 2048, 64)]:
        q, k, v = (torch.rand(b, h, s, d, device="cuda", dtype=torch.bfloat16, requires_grad=True)
                   for _ in range(3))
        do = torch.rand(b, h, s, d, device="cuda", dtype=torch.bfloat16)
        for causal in (0, 1):
            flops = 4.0 * b * h * s * s * d / (2 if causal else 1)
            try:
                with sdpa_kernel(backend):
                    with torch.no_grad():
                        ms = timed(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=bool(causal)))
                    out = F.scaled_dot_product_attention(q, k, v, is_causal=bool(causal))
                    bms = timed(lambda: torch.autograd.grad(out, (q, k, v), do, retain_graph=True))
            except RuntimeError as e:  # a backend that does not take the shape
                print(f"# {prefix}{b} {h} {s} {d} {causal}: {e}".splitlines()[0], flush=True)
                continue
            print(f"{prefix}attention {b} {h} {s} {d} {causal}: {ms} ms {flops / (ms * 1e9)} TFLOP/s", flush=True)
            print(f"{prefix}attention-bwd {b} {h} {s} {d} {causal}: {bms} ms {2.5 * flops / (bms * 1e9)} TFLOP/s",
                  flush=True)
