#!/usr/bin/env python3
"""The MLP benchmark in PyTorch, the twin of bench/mlp/mlp.nv (issue 27).

Same model: x [batch, width] -> layers Linear(width, width), GELU (tanh
form, as Frost's) after every one but the last; loss the mean squared error
against a fixed random target; AdamW lr 1e-4, weight decay 0.01, betas
0.9/0.999, eps 1e-8, fused (torch.optim.AdamW(fused=True) on a GPU). The
products run under bf16 autocast (bf16 operands, float32 parameters and
accumulation), as Frost's Linear(precision="bf16"). x and the target are
N(0, 1); the weights and biases nn.Linear's U(+-1/sqrt(width)), which
mlp.nv draws too (from its own generator: the values differ, the losses
are alike).

    python3 bench/mlp/torch_mlp.py [--mode eager|compile] [--steps N]
        [--warmup W] [--batch B] [--width D] [--layers L] [--seed S]
        [--device cuda|cpu]

Each step is timed by CUDA events recorded before it and before the next
(on the CPU, a host clock), as mlp.nv times its steps; ms/step is the
median over the steps after the first W (warm-up, where torch.compile
compiles). Prints the loss of the first and the last step, ms/step, the
products' TFLOP/s (6 * batch * width^2 * layers FLOPs a step: 2 forward,
4 backward) and one machine-readable line `mlp: {json}`, as mlp.nv does.
"""
import argparse
import json
import statistics
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def mlp(width, layers):
    mods = []
    for i in range(layers):
        mods.append(nn.Linear(width, width))
        if i + 1 < layers:
            mods.append(nn.GELU(approximate="tanh"))
    return nn.Sequential(*mods)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", default="eager", choices=["eager", "compile"])
    ap.add_argument("--steps", type=int, default=60)
    ap.add_argument("--warmup", type=int, default=10)
    ap.add_argument("--batch", type=int, default=8192)
    ap.add_argument("--width", type=int, default=4096)
    ap.add_argument("--layers", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--device", default="cuda", choices=["cuda", "cpu"])
    a = ap.parse_args()
    for name in ("batch", "width", "layers", "steps"):
        if getattr(a, name) < 1:
            ap.error(f"--{name} must be at least 1")
    if a.warmup < 0 or a.warmup >= a.steps:
        ap.error(f"--warmup {a.warmup}: must lie in 0..steps-1 ({a.steps - 1})")
    dev = a.device
    if dev == "cuda" and not torch.cuda.is_available():
        sys.exit("torch_mlp.py: no CUDA device (use --device cpu for a small check)")
    if a.mode == "compile" and not hasattr(torch, "compile"):
        sys.exit(f"torch_mlp.py: --mode compile needs torch.compile (PyTorch 2), this is {torch.__version__}")

    torch.manual_seed(a.seed)
    model = mlp(a.width, a.layers).to(dev)
    x = torch.randn(a.batch, a.width, device=dev)
    target = torch.randn(a.batch, a.width, device=dev)
    # fused AdamW needs CUDA tensors (and PyTorch >= 2.0); the CPU check
    # takes the plain one
    extra = {"fused": True} if dev == "cuda" else {}
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4, betas=(0.9, 0.999), eps=1e-8,
                            weight_decay=0.01, **extra)
    run = torch.compile(model) if a.mode == "compile" else model

    def step():
        with torch.autocast(device_type=dev, dtype=torch.bfloat16):
            out = run(x)
        loss = F.mse_loss(out.float(), target)
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)
        return loss

    # as mlp.nv: a mark before each timed step and one after the last, the
    # step's time from its mark to the next (CUDA events on the stream, so
    # the loop never waits for the GPU; on the CPU, the host clock)
    cuda = dev == "cuda"

    def mark():
        if not cuda:
            return time.perf_counter()
        e = torch.cuda.Event(enable_timing=True)
        e.record()
        return e

    marks = []
    first = last = None
    for s in range(a.steps):
        if s >= a.warmup:
            marks.append(mark())
        loss = step()
        if s == 0:
            first = loss.item()
        last = loss
    marks.append(mark())
    if cuda:
        torch.cuda.synchronize()
        times = [marks[i].elapsed_time(marks[i + 1]) for i in range(len(marks) - 1)]
    else:
        times = [(marks[i + 1] - marks[i]) * 1000.0 for i in range(len(marks) - 1)]
    last = last.item()
    ms = statistics.median(times)
    flops = 6.0 * a.batch * a.width * a.width * a.layers
    tflops = flops / (ms * 1e-3) / 1e12
    device = torch.cuda.get_device_name() if cuda else "cpu"
    print(f"torch {torch.__version__}, {device}, mode {a.mode}: {a.layers} Linear({a.width}, {a.width}), "
          f"batch {a.batch}, bf16 autocast, AdamW fused={bool(extra)}")
    print(f"first loss: {first:.6f}")
    print(f"last loss: {last:.6f} (step {a.steps})")
    print(f"ms/step: {ms:.3f} (median of steps {a.warmup + 1}..{a.steps}; mean {statistics.mean(times):.3f})")
    print(f"matmul TFLOP/s: {tflops:.1f}")
    row = {"framework": "torch", "mode": a.mode, "gemm": "cublas", "layer": "nn.Linear",
           "batch": a.batch, "width": a.width, "layers": a.layers, "steps": a.steps, "warmup": a.warmup,
           "ms_step": round(ms, 4), "ms_mean": round(statistics.mean(times), 4), "tflops": round(tflops, 2),
           "first_loss": first, "last_loss": last, "torch": torch.__version__, "device": device}
    print("mlp: " + json.dumps(row))


if __name__ == "__main__":
    main()
