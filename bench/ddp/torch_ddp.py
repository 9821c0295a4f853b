#!/usr/bin/env python3
"""PyTorch DDP twin of `neve-launch -n N examples/resnet.nv` (bench/ddp).

Started by torchrun (one process per GPU):

    torchrun --standalone --nproc_per_node N bench/ddp/torch_ddp.py \\
        [--steps S] [--width W] [--batch B] [--seed S] [--data DIR]
    python3 bench/ddp/torch_ddp.py --plain ...   # one process, no DDP

The model, data and optimiser of bench/resnet/torch_resnet.py (ResNet with
channels times --width, Fashion-MNIST padded to 32x32 on the GPU, AdamW lr
1e-4, betas 0.9/0.98, weight decay 0.01, eps 1e-8), wrapped in
DistributedDataParallel with its defaults (25 MB gradient buckets
all-reduced during backward, batchnorm statistics per rank, buffers
broadcast from rank 0). --batch is per rank; rank r's batch t is the
unsharded epoch's batch t*N + r, as Frost's Loader.shard gives it. Rank 0
prints the mean loss over the ranks every 100 steps, ms/step after the
first 50 steps and the test accuracy, in the lines bench/resnet/row.py
reads.
"""
import argparse
import os
import sys
import time

import torch
import torch.distributed as dist
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "resnet"))
from torch_resnet import ResNet, load  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--width", type=int, default=1)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--plain", action="store_true",
                    help="one process without DDP (DDP's own cost)")
    ap.add_argument("--data", default=os.environ.get(
        "FASHION_MNIST", "/usr/share/datasets/fashion-mnist"))
    a = ap.parse_args()
    os.environ.setdefault("NCCL_NVLS_ENABLE", "0")
    rank = int(os.environ.get("RANK", "0"))
    world = int(os.environ.get("WORLD_SIZE", "1"))
    local = int(os.environ.get("LOCAL_RANK", "0"))
    torch.cuda.set_device(local)
    if not a.plain:
        dist.init_process_group("nccl", device_id=torch.device("cuda", local))
    dev = torch.device("cuda", local)
    torch.manual_seed(a.seed)
    net = ResNet(a.width).to(dev)
    ddp = net if a.plain else torch.nn.parallel.DistributedDataParallel(
        net, device_ids=[local])
    xs, ys = load(a.data, "train", dev)
    xt, yt = load(a.data, "t10k", dev)
    g = torch.Generator().manual_seed(a.seed)
    order = torch.randperm(xs.shape[0], generator=g).to(dev)
    opt = torch.optim.AdamW(ddp.parameters(), lr=1e-4, betas=(0.9, 0.98),
                            weight_decay=0.01, eps=1e-8)
    B = a.batch
    per_epoch = xs.shape[0] // (B * world)
    warm = min(50, a.steps // 2)
    lsum = torch.zeros((), device=dev)
    first = last = None
    if rank == 0:
        print(f"torch-ddp: {world} ranks, width {a.width}, batch {B} per "
              f"rank, {a.steps} steps", flush=True)
    t_train = time.perf_counter()
    t0 = None
    for s in range(a.steps):
        if s == warm:
            torch.cuda.synchronize()
            t0 = time.perf_counter()
        k = ((s % per_epoch) * world + rank) * B
        idx_ = order[k:k + B]
        loss = F.cross_entropy(ddp(xs[idx_]), ys[idx_])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        lsum += loss.detach()
        if (s + 1) % 100 == 0:
            if not a.plain:
                dist.all_reduce(lsum, op=dist.ReduceOp.AVG)
            last = lsum.item() / 100
            first = last if first is None else first
            lsum.zero_()
            if rank == 0:
                print(f"step {s + 1} loss {last:.3f}", flush=True)
    torch.cuda.synchronize()
    t_end = time.perf_counter()
    ms = 1000 * (t_end - t0) / max(a.steps - warm, 1)
    if rank == 0:
        net.eval()
        hits = 0
        with torch.no_grad():
            for k in range(0, xt.shape[0], 500):
                hits += (net(xt[k:k + 500]).argmax(1) == yt[k:k + 500]).sum().item()
        print(f"ms/step: {ms:.3f} (steps {warm}..{a.steps})")
        print(f"train seconds: {t_end - t_train:.3f} (all {a.steps} steps)")
        if first is not None and a.steps >= 200:
            verdict = "fell" if last < first else "did not fall"
            print(f"loss {verdict}: {first:.3f} -> {last:.3f}")
        print(f"test accuracy: {100.0 * hits / xt.shape[0]:.3f}%")
    if not a.plain:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
