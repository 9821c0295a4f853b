#!/usr/bin/env python3
"""Recomputes the operations of test/gpu/frost/gradcheck.nv,
test/gpu/frost/tensor-api.nv and test/gpu/frost/transformer-grad.nv with
PyTorch.

Each Neve program saves, per operation NAME, its inputs (NAME.in0 ...),
the constants it reads (NAME.const0 ...: index tensors and masks, stored as
floats), the random weighting r (NAME.r), its output (NAME.out) and the
gradients of L = sum(out * r) with respect to each input (NAME.grad0 ...),
as a safetensors file. This script loads it, runs the same operation in
PyTorch (float64, on the GPU when there is one; the function receives the
inputs, then the constants) and compares outputs and gradients.

Tolerance: |frost - torch| <= 1e-4 + 1e-3 * |torch|, elementwise.

    python3 bench/frost/torch_check.py frost-ops.safetensors [--json OUT]
    python3 bench/frost/torch_check.py tensor-api.safetensors [--json OUT]
    python3 bench/frost/torch_check.py transformer-ops.safetensors [--json OUT]
"""
import argparse
import json
import sys

import torch
import torch.nn.functional as F
from safetensors.torch import load_file

ATOL, RTOL = 1e-4, 1e-3
LABELS = [2, 0, 4]  # gradcheck.nv's $mods.labels


def ops():
    # name -> function of the input tensors (as gradcheck.nv defines them)
    return {
        "add": lambda a, b: a + b,
        "sub": lambda a, b: a - b,
        "mul": lambda a, b: a * b,
        "div": lambda a, b: a / b,
        "bias": lambda a, b: a + b,
        "scalar": lambda a: 2.0 - (a * 3.0 + 1.0) / 4.0,
        "relu": F.relu,
        "gelu": lambda a: F.gelu(a, approximate="tanh"),
        "sigmoid": torch.sigmoid,
        "tanh": torch.tanh,
        "exp": torch.exp,
        "log": torch.log,
        "sum": lambda a: a.sum(-1),
        "mean": lambda a: a.mean(-1),
        "max": lambda a: a.max(-1).values,
        "softmax": lambda a: F.softmax(a, -1),
        "log_softmax": lambda a: F.log_softmax(a, -1),
        "ce": lambda a: F.cross_entropy(
            a, torch.tensor(LABELS, device=a.device)).reshape(1),
        "mse": lambda a, b: F.mse_loss(a, b).reshape(1),
        "matmul": lambda a, b: a @ b.T,
        "mm": lambda a, b: a @ b,
        "view": lambda a: a.view(-1, 6) * a.view(4, 6),
        "linear": lambda x, w, b: F.linear(x, w, b),
        # ConvScratch stores its weight [cin, cout, k, k] (spec §9.4)
        "conv": lambda x, w: F.conv2d(x, w.permute(1, 0, 2, 3), stride=2,
                                      padding=1),
        "batchnorm": lambda x, w, b: F.batch_norm(x, None, None, w, b,
                                                  training=True, eps=1e-5),
        "avgpool": lambda x: F.avg_pool2d(x, 2, 2),
        "maxpool": lambda x: F.max_pool2d(x, 3, 2, 1),
        # the mask is Frost's: recovered from its output (x != 0 there)
        "dropout": None,
        # Conv2d keeps PyTorch's layout [cout, cin, k, k] and has a bias
        "conv2d": lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1),
        "conv2d_cudnn": lambda x, w, b: F.conv2d(x, w, b, stride=2,
                                                 padding=1),
        "embedding": lambda w: F.embedding(
            torch.tensor([5, 0, 2, 5, 1], device=w.device), w),
        "chain": lambda a, b: (lambda h: h * h + h)(F.relu(a @ b.T)),
        # tensor-api.nv (issue 36): shapes and views
        "permute": lambda a: a.permute(2, 0, 1),
        "transpose": lambda a: a.transpose(0, 2),
        "narrow": lambda a: a.narrow(1, 1, 2),
        "slice": lambda a: a[:, :, 1:4:2],
        "select": lambda a: a.select(1, 2),
        "expand": lambda a: a.expand(2, 3, 4),
        "views": lambda a: a.unsqueeze(1).flatten(0, 1).reshape(3, 2, 4)
        .squeeze().unsqueeze(-1),
        "clone": lambda a: a.clone() * a,
        "permute7": lambda a: a.permute(6, 5, 4, 3, 2, 1, 0),
        # broadcasting on both operands, s / t and the new unary functions
        "bcast_add": lambda a, b: a + b,
        "bcast_mul_left": lambda a, b: a * b,
        "bcast_sub_row": lambda a, b: a - b,
        "bcast_div": lambda a, b: a / b,
        "rdiv": lambda a: 2.0 / a,
        "sqrt": torch.sqrt,
        "abs": torch.abs,
        "reciprocal": torch.reciprocal,
        # reductions over any dimensions, softmax along any dimension
        "sum_dim0": lambda a: a.sum(0),
        "sum_dim1": lambda a: a.sum(1),
        "sum_dims02": lambda a: a.sum((0, 2)),
        "sum_keepdim": lambda a: a.sum((1, 2), keepdim=True),
        "mean_dim0": lambda a: a.mean(0),
        "max_dim1": lambda a: a.max(1).values,
        "min_dim0": lambda a: a.min(0).values,
        "variance": lambda a: a.var(1),
        "std_dims": lambda a: a.std((0, 2), keepdim=True),
        "softmax_dim0": lambda a: F.softmax(a, 0),
        "log_softmax_dim1": lambda a: F.log_softmax(a, 1),
        "views_chain": lambda a, b: (a.transpose(0, 1) * b).softmax(0).sum(1),
        # combining, indexing (the index or mask is the last argument)
        "cat": lambda a, b, c: torch.cat([a, b, c], 1),
        "stack": lambda a, b: torch.stack([a, b], 1),
        "split": lambda a: (lambda p: p[0] * p[1].sum(1, keepdim=True))(
            a.split([1, 3], 1)),
        "chunk": lambda a: (lambda p: p[0] * p[1])(a.chunk(2, 0)),
        "index_select": lambda a, i: a.index_select(1, i.long()),
        "gather": lambda a, i: a.gather(1, i.long()),
        "where": lambda x, y, m: torch.where(m.bool(), x, y),
        "masked_fill": lambda x, m: x.masked_fill(m.bool(), 0.5),
        # transformer-grad.nv (issue 29): the layers of a GPT
        "layernorm": lambda x, w, b: F.layer_norm(x, (x.shape[-1],), w, b,
                                                  eps=1e-5),
        "linear_gelu": lambda x, w, b: F.gelu(F.linear(x, w, b),
                                              approximate="tanh"),
        "linear_bias": lambda x, w, b: F.linear(x, w, b),
        "fused_ce": lambda a, lab: F.cross_entropy(a, lab.long()).reshape(1),
        "fused_ce_inplace": lambda a, b, lab: F.cross_entropy(
            a @ b.T, lab.long()).reshape(1),
        "fused_ce_shared": lambda a, b, lab: (
            lambda l: F.cross_entropy(l, lab.long()) + (l * l).sum() * 0.01)(
                a @ b.T).reshape(1),
        "tied_embedding": lambda w, ids: F.embedding(ids.long(), w) @ w.T,
    }


def worst(frost, ref):
    """Largest |frost - ref| / (ATOL + RTOL |ref|) and the max abs error."""
    frost = frost.to(ref.dtype).reshape(ref.shape)
    diff = (frost - ref).abs()
    return (diff / (ATOL + RTOL * ref.abs())).max().item(), diff.max().item()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--json")
    args = ap.parse_args()
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    t = {k: v.to(dev) for k, v in load_file(args.file).items()}
    names = sorted({k.split(".")[0] for k in t})
    rows, failed = [], 0
    for name in names:
        fn = ops().get(name, "missing")
        if name == "dropout":
            # the kept elements are scaled by 1/(1-p), p = 0.3; the rest 0
            x0, y0 = t["dropout.in0"].double(), t["dropout.out"].double()
            mask = (y0 != 0).double() / 0.7
            fn = lambda a, m=mask: a * m
            kept = (y0 != 0).double().mean().item()
            print(f"dropout: kept fraction {kept:.3f} (p = 0.3)")
        if fn == "missing":
            print(f"{name}: no PyTorch counterpart in this script")
            failed += 1
            continue
        n_in = len([k for k in t if k.startswith(name + ".in")])
        n_const = len([k for k in t if k.startswith(name + ".const")])
        xs = [t[f"{name}.in{i}"].double().requires_grad_() for i in range(n_in)]
        consts = [t[f"{name}.const{i}"].double() for i in range(n_const)]
        out = fn(*xs, *consts)
        (out * t[f"{name}.r"].double().reshape(out.shape)).sum().backward()
        err_out, abs_out = worst(t[f"{name}.out"], out.detach())
        errs = [worst(t[f"{name}.grad{i}"], x.grad) for i, x in enumerate(xs)]
        err_grad = max(e for e, _ in errs)
        abs_grad = max(a for _, a in errs)
        ok = err_out <= 1.0 and err_grad <= 1.0
        failed += not ok
        rows.append({"op": name, "ok": ok, "forward_max_abs_err": abs_out,
                     "backward_max_abs_err": abs_grad,
                     "forward_err_over_tol": err_out,
                     "backward_err_over_tol": err_grad})
        print(f"{name:12s} {'ok' if ok else 'FAILED':6s} forward max abs err "
              f"{abs_out:.2e}, backward {abs_grad:.2e}")
    agreed = len([r for r in rows if r["ok"]])
    print(f"torch_check: {agreed} of "
          f"{len(names)} ops agree with PyTorch {torch.__version__} "
          f"(tolerance {ATOL} + {RTOL}*|ref|, float64 reference on {dev})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"tolerance": {"atol": ATOL, "rtol": RTOL},
                       "torch": torch.__version__, "device": dev,
                       "ops": rows}, f, indent=1)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
