#!/usr/bin/env python3
"""The small vision transformer in PyTorch, the twin of examples/vit.nv.

Same model (parameter names match Frost's checkpoint names: cls_token,
pos_embed, patch_embed, blocks.N.{norm1, attn.qkv, attn.proj, norm2,
mlp.fc1, mlp.fc2}, norm, head), same data (Fashion-MNIST 28x28, x/255
standardised with mean 0.2860 and std 0.3530, already on the GPU), same
loss (cross-entropy averaged over the batch), same optimiser (AdamW lr 1e-3
with 100 warm-up steps and a cosine to 0, Frost's cosine_lr; betas
0.9/0.999, eps 1e-8, weight decay 0.05 on the two-dimensional weights
only), batch 128, width 256, 4 blocks, 4 heads. GELU is the tanh form, as
Frost's; attention is F.scaled_dot_product_attention, not causal.

    python3 bench/vit/torch_vit.py [--steps N] [--seed S] [--data DIR]
        [--batch B] [--dim D] [--depth L] [--heads H] [--every N]
        [--write-init F] [--write-order F] [--init F] [--order F]
        [--order-seed R] [--eval 0|1] [--json OUT] [--device D]

--write-init saves the initial weights (torch.manual_seed(S)) as
safetensors, which examples/vit.nv reads with init=F; --write-order saves a
permutation of the 60000 training items ("order", repeated every epoch),
read with order=F. --steps 0 only writes the files. Batch t of both
programs is then items order[(t mod E)*B : (t mod E + 1)*B] with
E = 60000 // B. The model draws nothing at random after its
initialisation, so what varies between two runs of the same training is
the data order: --order-seed R trains from the same weights on another
permutation (torch.randperm seeded with R), the run-to-run noise that
bench/vit/README.md compares Frost's distance to PyTorch with. Prints,
like the Neve program, "step N loss L acc A" (the mean loss and the
training accuracy over the last N steps, summed on the GPU), the loss of
step 1 in full ("first loss: L", which Frost's must match to rounding:
same weights, same batch), ms/step
after the first 50 steps, whether the loss fell and the test loss and
accuracy.
"""
import argparse
import gzip
import json
import math
import os
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

# safetensors in F32 without the safetensors package (torch_gpt.py's
# reader and writer): the CPU checks of test/e2e run on Debian's
# python3-torch alone.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "gpt"))
from torch_gpt import load_safetensors, save_safetensors  # noqa: E402


def idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    rank = data[3]
    dims = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(rank)]
    return torch.frombuffer(bytearray(data[4 + 4 * rank:]), dtype=torch.uint8).reshape(dims)


def load(dir, split, dev):
    x = (idx(f"{dir}/{split}-images-idx3-ubyte.gz").float() / 255.0 - 0.2860) / 0.3530
    y = idx(f"{dir}/{split}-labels-idx1-ubyte.gz").long()
    return x.unsqueeze(1).to(dev), y.to(dev)


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, t, d = x.shape
        # [B, T, 3D] -> q, k, v [B, H, T, D/H]: Frost's split_heads
        q, k, v = self.qkv(x).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        if hasattr(F, "scaled_dot_product_attention"):
            y = F.scaled_dot_product_attention(q, k, v)
        else:   # PyTorch before 2.0 (the CPU checks)
            y = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]), -1) @ v
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


class MLP(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc1 = nn.Linear(dim, 4 * dim)
        self.fc2 = nn.Linear(4 * dim, dim)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = Attention(dim, heads)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = MLP(dim)

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


def patches(x, p):
    """[N, C, H, W] -> [N, (H/p)(W/p), C p p], as examples/vit.nv's."""
    n, c, h, w = x.shape
    t = x.reshape(n, c, h // p, p, w // p, p).permute(0, 2, 4, 1, 3, 5)
    return t.reshape(n, (h // p) * (w // p), c * p * p)


class ViT(nn.Module):
    def __init__(self, dim=256, depth=4, heads=4):
        super().__init__()
        self.cls_token = nn.Parameter(torch.randn(1, 1, dim) * 0.02)
        self.pos_embed = nn.Parameter(torch.randn(1, 17, dim) * 0.02)
        self.patch_embed = nn.Linear(49, dim)
        self.blocks = nn.ModuleList(Block(dim, heads) for _ in range(depth))
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, 10)

    def forward(self, x):
        t = self.patch_embed(patches(x, 7))
        t = torch.cat([self.cls_token.expand(x.shape[0], 1, -1), t], 1) + self.pos_embed
        for blk in self.blocks:
            t = blk(t)
        # LayerNorm works per token: norm(t[:, 0]) == norm(t)[:, 0]
        return self.head(self.norm(t[:, 0]))


def cosine_lr(base, step, total, warmup=0, min_lr=0.0):
    """Frost's cosine_lr (frost/optim.nv)."""
    if step < warmup:
        return base * (step + 1) / warmup
    t = min(float(step - warmup) / max(total - warmup, 1), 1.0)
    return min_lr + 0.5 * (base - min_lr) * (1.0 + math.cos(3.14159265358979 * t))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--data", default=os.environ.get(
        "FASHION_MNIST", "/usr/share/datasets/fashion-mnist"))
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--dim", type=int, default=256)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--every", type=int, default=100)
    ap.add_argument("--write-init")
    ap.add_argument("--write-order")
    ap.add_argument("--init")
    ap.add_argument("--order")
    ap.add_argument("--order-seed", type=int,
                    help="train on another permutation (torch.randperm seeded "
                    "with this) from the same weights: the run-to-run noise")
    ap.add_argument("--eval", type=int, choices=(0, 1), default=1,
                    help="0: skip the test set (examples/vit.nv's eval=0)")
    ap.add_argument("--json")
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    a = ap.parse_args()
    if a.dim % a.heads:
        ap.error(f"--dim {a.dim} is not a multiple of --heads {a.heads}")
    torch.manual_seed(a.seed)
    dev = a.device
    net = ViT(a.dim, a.depth, a.heads).to(dev)
    if a.write_init:
        save_safetensors(a.write_init, net.state_dict())
    if a.init:
        net.load_state_dict({k: v.to(dev) for k, v in load_safetensors(a.init).items()})
    n = 60000
    if a.order:
        order = load_safetensors(a.order)["order"].long()
    else:
        order = torch.randperm(n, generator=torch.Generator().manual_seed(a.seed))
    if a.write_order:
        save_safetensors(a.write_order, {"order": order.float()})
    if a.order_seed is not None:
        order = torch.randperm(order.shape[0], generator=torch.Generator().manual_seed(a.order_seed))
    if a.steps == 0:
        return
    xs, ys = load(a.data, "train", dev)
    xt, yt = load(a.data, "t10k", dev) if a.eval else (None, None)
    order = order.to(dev)
    n = order.shape[0]
    B = a.batch
    per_epoch = n // B
    n_params = sum(p.numel() for p in net.parameters())
    print(f"torch vit: {len(net.state_dict())} tensors, {n_params} parameters, dim {a.dim}, "
          f"depth {a.depth}, heads {a.heads}, {a.steps} steps of batch {B}, "
          f"{per_epoch} batches per epoch", flush=True)
    decay = [p for p in net.parameters() if p.dim() == 2]
    no_decay = [p for p in net.parameters() if p.dim() != 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": 0.05},
                             {"params": no_decay, "weight_decay": 0.0}],
                            lr=1e-3, betas=(0.9, 0.999), eps=1e-8)
    warm = min(50, a.steps // 2)
    sums = torch.zeros(2, device=dev)
    losses = []
    t0 = time.perf_counter()
    for s in range(a.steps):
        if s == warm:
            if dev == "cuda":
                torch.cuda.synchronize()
            t0 = time.perf_counter()
        for g in opt.param_groups:
            g["lr"] = cosine_lr(1e-3, s, a.steps, warmup=100)
        k = (s % per_epoch) * B
        i = order[k:k + B]
        x, y = xs[i], ys[i]
        logits = net(x)
        loss = F.cross_entropy(logits, y)
        if s == 0:
            print(f"first loss: {loss.item():.6f}", flush=True)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sums += torch.stack([loss.detach(), (logits.detach().argmax(1) == y).sum().float()])
        if (s + 1) % a.every == 0:
            m = sums.tolist()
            sums.zero_()
            m = [m[0] / a.every, m[1] / (a.every * B)]
            losses.append([s + 1] + m)
            print(f"step {s + 1} loss {m[0]:.3f} acc {m[1]:.3f}", flush=True)
    if dev == "cuda":
        torch.cuda.synchronize()
    ms = 1000 * (time.perf_counter() - t0) / max(a.steps - warm, 1)
    if a.steps > warm:
        print(f"ms/step: {ms:.3f} (steps {warm}..{a.steps})")
    if len(losses) >= 2:
        first, last = losses[0][1], losses[-1][1]
        print(f"loss {'fell' if last < first else 'did not fall'}: {first:.3f} -> {last:.3f}")
    t = None
    if a.eval:
        t = test(net, xt, yt)
        print(f"test loss {t[0]:.3f} acc {t[1]:.3f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"steps": a.steps, "seed": a.seed, "batch": B,
                       "ms_per_step": ms, "losses": losses, "test": t,
                       "torch": torch.__version__}, f)


def test(net, xt, yt):
    """The mean loss and the accuracy on the test set, batches of 500."""
    t = torch.zeros(2, device=xt.device)
    with torch.no_grad():
        for k in range(0, xt.shape[0], 500):
            logits = net(xt[k:k + 500])
            y = yt[k:k + 500]
            t += torch.stack([F.cross_entropy(logits, y), (logits.argmax(1) == y).sum().float()])
    t = t.tolist()
    return [t[0] / (xt.shape[0] // 500), t[1] / xt.shape[0]]


if __name__ == "__main__":
    main()
