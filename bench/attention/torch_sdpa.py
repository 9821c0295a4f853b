"""PyTorch's scaled_dot_product_attention with the flash backend, bf16,
timed exactly as bench/attention/flash.nv times Frost's flash attention:
the same shapes, CUDA events around ITERS calls after 3 warm-up ones,
FLOPs 4 B H S^2 D (halved when causal). Prints the same line format:
  attention B H S D causal: MS ms TFLOPS TFLOP/s
"""
import sys

import torch
import torch.nn.functional as F
from torch.nn.attention import SDPBackend, sdpa_kernel

iters = int(sys.argv[1]) if len(sys.argv) > 1 else 20
torch.manual_seed(0)
for b, h, s, d in [(8, 16, 4096, 128), (16, 16, 2048, 64)]:
    q, k, v = (torch.rand(b, h, s, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    for causal in (0, 1):
        with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
            for _ in range(3):
                F.scaled_dot_product_attention(q, k, v, is_causal=bool(causal))
            torch.cuda.synchronize()
            e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            e0.record()
            for _ in range(iters):
                F.scaled_dot_product_attention(q, k, v, is_causal=bool(causal))
            e1.record()
            torch.cuda.synchronize()
        ms = e0.elapsed_time(e1) / iters
        flops = 4.0 * b * h * s * s * d / (2 if causal else 1)
        print(f"attention {b} {h} {s} {d} {causal}: {ms} ms {flops / (ms * 1e9)} TFLOP/s", flush=True)
