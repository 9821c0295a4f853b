#!/usr/bin/env python3
"""The convolutional VAE in PyTorch, the twin of examples/vae.nv.

Same model (parameter names match Frost's checkpoint names: enc1, enc2,
fc_mu, fc_logvar, dec_fc, dec1, dec2, each with weight and bias), same data
(Fashion-MNIST 28x28 scaled to [0, 1], already on the GPU), same loss (BCE
of the reconstruction summed over the pixels, on the logits, + KL, both
averaged over the batch), same optimiser (AdamW lr 1e-3, betas 0.9/0.999,
no weight decay, eps 1e-8, i.e. Adam), batch 128, latent 16.

    python3 bench/vae/torch_vae.py [--steps N] [--seed S] [--data DIR]
        [--batch B] [--latent L] [--every N] [--write-init F]
        [--write-order F] [--init F] [--order F] [--eps-seed E]
        [--write-eps F] [--eps F] [--json OUT] [--device D]

--write-init saves the initial weights (torch.manual_seed(S)) as
safetensors, which examples/vae.nv reads with init=F; --write-order saves a
permutation of the 60000 training items ("order", repeated every epoch),
read with order=F. --steps 0 only writes the files. Batch t of both
programs is then items order[(t mod E)*B : (t mod E + 1)*B] with
E = 60000 // B. --write-eps F saves --steps' worth of eps draws ("eps",
[steps, B, L], from a CPU generator seeded with --eps-seed, else 7919 + S)
without training, which both programs read with --eps F / eps=F: then
they sample the same noise in training and their curves differ by
numerics alone. Without it the eps draws are not shared: each side draws its own
N(0, 1) noise (torch's generator here, Frost's seeded host generator
there; --eps-seed E gives a PyTorch run other draws on the same weights
and batches, which measures what the noise alone changes), so the loss
curves are compared as curves of the same model on the
same batches under independent noise (bench/vae/README.md). Prints, like
the Neve program, "step N loss L recon R kl K" (means over the last N
steps, summed on the GPU), ms/step after the first 50 steps, whether the
loss fell and the test-set losses.
"""
import argparse
import gzip
import json
import os
import sys
import time

import numpy as np
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
    return np.frombuffer(data, np.uint8, offset=4 + 4 * rank).reshape(dims)


def load(dir, split, dev):
    x = idx(f"{dir}/{split}-images-idx3-ubyte.gz").astype(np.float32) / 255.0
    return torch.from_numpy(x).unsqueeze(1).to(dev)


class VAE(nn.Module):
    def __init__(self, latent=16):
        super().__init__()
        self.enc1 = nn.Conv2d(1, 32, 3, 2, 1)
        self.enc2 = nn.Conv2d(32, 64, 3, 2, 1)
        self.fc_mu = nn.Linear(3136, latent)
        self.fc_logvar = nn.Linear(3136, latent)
        self.dec_fc = nn.Linear(latent, 3136)
        self.dec1 = nn.Conv2d(64, 32, 3, 1, 1)
        self.dec2 = nn.Conv2d(32, 1, 3, 1, 1)

    def encode(self, x):
        h = F.relu(self.enc2(F.relu(self.enc1(x)))).flatten(1)
        return self.fc_mu(h), self.fc_logvar(h)

    def decode(self, z):
        h = F.relu(self.dec_fc(z)).view(-1, 64, 7, 7)
        h = F.relu(self.dec1(F.interpolate(h, scale_factor=2, mode="nearest")))
        return self.dec2(F.interpolate(h, scale_factor=2, mode="nearest"))


def vae_loss(net, x, eps=None):
    mu, logvar = net.encode(x)
    if eps is None:
        eps = torch.randn_like(mu)
    z = mu + torch.exp(0.5 * logvar) * eps
    logits = net.decode(z)
    b = x.shape[0]
    rec = F.binary_cross_entropy_with_logits(logits, x, reduction="sum") / b
    kl = -0.5 * torch.sum(1 + logvar - mu * mu - logvar.exp()) / b
    return rec + kl, rec, kl


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--data", default=os.environ.get(
        "FASHION_MNIST", "/usr/share/datasets/fashion-mnist"))
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--latent", type=int, default=16)
    ap.add_argument("--every", type=int, default=100)
    ap.add_argument("--write-init")
    ap.add_argument("--write-order")
    ap.add_argument("--init")
    ap.add_argument("--order")
    ap.add_argument("--json")
    ap.add_argument("--eps-seed", type=int,
                    help="reseed torch's generator before training: the eps "
                    "draws of a second run on the same weights and batches")
    ap.add_argument("--write-eps",
                    help="write --steps steps of eps draws (\"eps\" [steps, batch, latent]) and stop")
    ap.add_argument("--eps",
                    help="the training steps' eps draws, as --write-eps writes them")
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    dev = a.device
    net = VAE(a.latent).to(dev)
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
    if a.write_eps:
        g = torch.Generator().manual_seed(a.eps_seed if a.eps_seed is not None else 7919 + a.seed)
        save_safetensors(a.write_eps, {"eps": torch.randn(a.steps, a.batch, a.latent, generator=g)})
        return
    if a.steps == 0:
        return
    shared = None
    if a.eps:
        shared = load_safetensors(a.eps)["eps"]
        want = (a.batch, a.latent)
        if shared.dim() != 3 or shared.shape[0] < a.steps or tuple(shared.shape[1:]) != want:
            raise SystemExit(f"torch_vae.py: --eps {a.eps}: \"eps\" has shape {list(shared.shape)}, "
                             f"expected [at least {a.steps}, {a.batch}, {a.latent}]")
        shared = shared.to(dev)
    xs = load(a.data, "train", dev)
    xt = load(a.data, "t10k", dev)
    order = order.to(dev)
    n = order.shape[0]
    B = a.batch
    per_epoch = n // B
    print(f"torch vae: {len(net.state_dict())} tensors, latent {a.latent}, "
          f"{a.steps} steps of batch {B}, {per_epoch} batches per epoch", flush=True)
    if a.eps_seed is not None:
        torch.manual_seed(a.eps_seed)
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3, betas=(0.9, 0.999),
                            weight_decay=0.0, eps=1e-8)
    warm = min(50, a.steps // 2)
    sums = torch.zeros(3, device=dev)
    losses = []
    t0 = time.perf_counter()
    for s in range(a.steps):
        if s == warm:
            if dev == "cuda":
                torch.cuda.synchronize()
            t0 = time.perf_counter()
        k = (s % per_epoch) * B
        x = xs[order[k:k + B]]
        loss, rec, kl = vae_loss(net, x, None if shared is None else shared[s])
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        sums += torch.stack([loss.detach(), rec.detach(), kl.detach()])
        if (s + 1) % a.every == 0:
            m = (sums / a.every).tolist()
            sums.zero_()
            losses.append([s + 1] + m)
            print(f"step {s + 1} loss {m[0]:.3f} recon {m[1]:.3f} kl {m[2]:.3f}", flush=True)
    if dev == "cuda":
        torch.cuda.synchronize()
    ms = 1000 * (time.perf_counter() - t0) / max(a.steps - warm, 1)
    print(f"ms/step: {ms:.3f} (steps {warm}..{a.steps})")
    if len(losses) >= 2:
        first, last = losses[0][1], losses[-1][1]
        print(f"loss {'fell' if last < first else 'did not fall'}: {first:.3f} -> {last:.3f}")
    t = torch.zeros(3, device=dev)
    with torch.no_grad():
        for k in range(0, xt.shape[0], 500):
            t += torch.stack(vae_loss(net, xt[k:k + 500]))
    t = (t / (xt.shape[0] // 500)).tolist()
    print(f"test loss {t[0]:.3f} recon {t[1]:.3f} kl {t[2]:.3f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"steps": a.steps, "seed": a.seed, "batch": B,
                       "ms_per_step": ms, "losses": losses, "test": t,
                       "torch": torch.__version__}, f)


if __name__ == "__main__":
    main()
