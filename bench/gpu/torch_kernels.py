"""PyTorch baselines for bench/gpu/kernels.nv, timed the same way: the same
sizes (64M floats; 8192x8192 floats), WARMUP untimed calls, then ITERS calls
between two CUDA events on the current stream. Prints
  RESULT <op> torch <ms per call> <bytes per call> <GB/s>
lines (bytes read + written, as kernels.nv counts them).

  python3 bench/gpu/torch_kernels.py [ITERS [WARMUP]]
"""

import sys

import torch


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


def report(op, ms, nbytes):
    print(f"RESULT {op} torch {ms:.6f} {nbytes} {nbytes / ms / 1e6:.1f}", flush=True)


def main():
    iters = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    warmup = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    dev = torch.device("cuda")
    print(f"# torch {torch.__version__} on {torch.cuda.get_device_name(dev)}; "
          f"{iters} timed calls after {warmup} warm-up calls", flush=True)
    n = 1 << 26
    x = torch.rand(n, device=dev)
    y = torch.zeros(n, device=dev)

    y.copy_(x)
    assert torch.equal(y, x)
    report("copy", time_ms(lambda: y.copy_(x), iters, warmup), n * 8)

    a = 1e-6
    report("saxpy", time_ms(lambda: y.add_(x, alpha=a), iters, warmup), n * 12)

    rows = cols = 8192
    sx = torch.rand(rows, cols, device=dev) * 8.0
    ref = torch.softmax(sx, dim=1)
    assert torch.allclose(ref.sum(dim=1), torch.ones(rows, device=dev), atol=1e-4)
    report("softmax", time_ms(lambda: torch.softmax(sx, dim=1), iters, warmup),
           rows * cols * 8)


if __name__ == "__main__":
    main()
