#!/usr/bin/env python3
"""The seed's ResNet in PyTorch, the twin of examples/resnet.nv.

Same model (parameter names match Frost's checkpoint names), same data
(Fashion-MNIST padded to 32x32, normalised with mean 0.2860 / std 0.3530,
already on the GPU), same optimiser (AdamW lr 1e-4, betas 0.9/0.98, weight
decay 0.01, eps 1e-8), batch 32.

    python3 bench/resnet/torch_resnet.py --mode eager|compile|reduce-overhead
        [--steps N] [--data DIR] [--write-init F] [--write-order F]
        [--init F] [--order F] [--seed S] [--subset N] [--json OUT]
        [--profile OUT] [--png DIR --workers N]

--write-init saves the initial weights as safetensors (Frost loads them with
`examples/resnet.nv STEPS BACKEND F`); --write-order saves a permutation
of the 60000 training items repeated per epoch ("order"). Prints ms/step
over the steps after the first 50 and the test accuracy. --steps 0 only
writes the files. The loss printed every 100 steps is the mean over those
100 steps (accumulated on the GPU, read once per 100 steps), as in
examples/resnet.nv. --profile writes torch.profiler's per-kernel GPU time
over 20 steps after the warm-up (a separate run: profiling slows it).
--png DIR trains from PNG files (bench/resnet/torch_png.py write DIR) read
by a DataLoader with N worker processes decoding with PIL, in the order
given (the seed's original setting); otherwise the data sits on the GPU.
"""
import argparse
import gzip
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    rank = data[3]
    dims = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(rank)]
    return np.frombuffer(data, np.uint8, offset=4 + 4 * rank).reshape(dims)


def load(dir, split, dev):
    x = idx(f"{dir}/{split}-images-idx3-ubyte.gz").astype(np.float32) / 255.0
    y = idx(f"{dir}/{split}-labels-idx1-ubyte.gz").astype(np.int64)
    x = (torch.from_numpy(x) - 0.2860) / 0.3530
    x = F.pad(x, (2, 2, 2, 2), value=(0.0 - 0.2860) / 0.3530).unsqueeze(1)
    return x.to(dev), torch.from_numpy(y).to(dev)


class Block(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.shortcut = nn.Sequential()
        if stride != 1 or cin != cout:
            self.shortcut = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout))

    def forward(self, x):
        h = F.relu(self.bn1(self.conv1(x)))
        h = self.bn2(self.conv2(h))
        return F.relu(h + self.shortcut(x))


class ResNet(nn.Module):
    """width: channels 16, 32, 64 times width (examples/resnet.nv width=W)."""

    def __init__(self, width=1):
        super().__init__()
        base = 16 * width
        self.conv1 = nn.Conv2d(1, base, 3, 1, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(base)
        cin, layers = base, []
        for stage in range(3):
            cout = base * 2 ** stage
            blocks = []
            for b in range(3):
                blocks.append(Block(cin, cout, 2 if b == 0 and stage > 0 else 1))
                cin = cout
            layers.append(nn.Sequential(*blocks))
        self.layer1, self.layer2, self.layer3 = layers
        self.fc = nn.Linear(4 * base, 10, bias=False)

    def forward(self, x):
        h = F.relu(self.bn1(self.conv1(x)))
        h = self.layer3(self.layer2(self.layer1(h)))
        h = F.avg_pool2d(h, 8)
        return self.fc(h.flatten(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", default="eager",
                    choices=["eager", "compile", "reduce-overhead"])
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--data", default=os.environ.get(
        "FASHION_MNIST", "/usr/share/datasets/fashion-mnist"))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write-init")
    ap.add_argument("--write-order")
    ap.add_argument("--init")
    ap.add_argument("--order")
    ap.add_argument("--subset", type=int, default=0,
                    help="train on the first N items of the order only")
    ap.add_argument("--json")
    ap.add_argument("--profile")
    ap.add_argument("--png")
    ap.add_argument("--workers", type=int, default=3)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    dev = "cuda"
    net = ResNet().to(dev)
    from safetensors.torch import load_file, save_file
    if a.write_init:
        sd = {k: v.detach().float().contiguous().cpu()
              for k, v in net.state_dict().items()
              if not k.endswith("num_batches_tracked")}
        save_file(sd, a.write_init)
    if a.init:
        net.load_state_dict(load_file(a.init), strict=False)
    xs, ys = load(a.data, "train", dev)
    xt, yt = load(a.data, "t10k", dev)
    n = xs.shape[0]
    if a.order:
        order = load_file(a.order)["order"].long().to(dev)
    else:
        g = torch.Generator().manual_seed(a.seed)
        order = torch.randperm(n, generator=g).to(dev)
    if a.write_order:
        save_file({"order": order.float().cpu()}, a.write_order)
    if a.steps == 0:
        return
    if a.subset:
        order = order[:a.subset]
        n = order.shape[0]
    opt = torch.optim.AdamW(net.parameters(), lr=1e-4, betas=(0.9, 0.98),
                            weight_decay=0.01, eps=1e-8)
    B = 32

    def step(x, y):
        loss = F.cross_entropy(net(x), y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        return loss

    fn = step
    if a.mode != "eager":
        fn = torch.compile(step, mode=None if a.mode == "compile" else a.mode)
    per_epoch = n // B
    warm = min(50, a.steps // 2)
    losses = []
    t0 = None
    lsum = torch.zeros((), device=dev)
    prof = None
    t_train = time.perf_counter()
    png_batches = None
    if a.png:
        from torch_png import png_loader
        png_batches = png_loader(a.png, order.cpu().tolist(), B, a.workers, dev)
    for s in range(a.steps):
        if s == warm:
            torch.cuda.synchronize()
            t0 = time.perf_counter()
        if a.profile and s == warm:
            prof = torch.profiler.profile(
                activities=[torch.profiler.ProfilerActivity.CUDA])
            prof.__enter__()
        if png_batches is not None:
            loss = fn(*next(png_batches))
        else:
            k = (s % per_epoch) * B
            idx_ = order[k:k + B]
            loss = fn(xs[idx_], ys[idx_])
        lsum += loss.detach()
        if prof is not None and s == warm + 19:
            torch.cuda.synchronize()
            prof.__exit__(None, None, None)
            with open(a.profile, "w") as f:
                f.write(f"# torch.profiler, {a.mode}, 20 steps after {warm}: "
                        "GPU time per kernel (divide by 20 for per step)\n")
                f.write(prof.key_averages().table(
                    sort_by="cuda_time_total", row_limit=40))
            prof = None
        if (s + 1) % 100 == 0:
            losses.append((s + 1, lsum.item() / 100))
            lsum.zero_()
            print(f"step {s + 1} loss {losses[-1][1]:.3f}", flush=True)
    torch.cuda.synchronize()
    t_end = time.perf_counter()
    ms = 1000 * (t_end - t0) / max(a.steps - warm, 1)
    net.eval()
    hits = 0
    with torch.no_grad():
        for k in range(0, xt.shape[0], 500):
            hits += (net(xt[k:k + 500]).argmax(1) == yt[k:k + 500]).sum().item()
    acc = 100.0 * hits / xt.shape[0]
    print(f"ms/step: {ms:.3f} (steps {warm}..{a.steps})")
    print(f"train seconds: {t_end - t_train:.3f} (all {a.steps} steps, "
          "the loader's start included)")
    print(f"test accuracy: {acc:.3f}%")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"mode": a.mode, "steps": a.steps, "seed": a.seed,
                       "ms_per_step": ms, "test_accuracy": acc,
                       "losses": losses, "torch": torch.__version__}, f)


if __name__ == "__main__":
    main()
