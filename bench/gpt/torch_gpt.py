#!/usr/bin/env python3
"""The PyTorch twin of examples/gpt.nv: nanoGPT's GPT (model.py) with
biases, GELU's tanh form (GPT-2's, Frost's gelu) and the head tied to the
token embedding; the same data (a token file, served in the order of a
window-order file that Frost's TokenLoader wrote), the same optimiser
(AdamW, betas 0.9/0.95, eps 1e-8, weight decay 0.1 on the parameters of two
or more dimensions only, gradients clipped to 1.0) and Frost's cosine_lr
schedule (frost/optim.nv: base*(step+1)/warmup during warm-up, then a
cosine down to min_lr).

    python3 bench/gpt/torch_gpt.py --data PREFIX --order ORDER.idx
        [--config gpt2|tiny] [--layers N ...] [--batch 8] [--seq T]
        [--accum 1] [--steps N] [--lr 6e-4] [--min-lr] [--warmup]
        [--mode eager|compile] [--precision bf16|float] [--seed S]
        [--write-init F] [--init F] [--print-every 10] [--eval-every 100]
        [--eval-batches 10] [--time-from 50] [--time-to 300] [--json OUT]

--write-init F saves the initial weights (torch.manual_seed(seed), nanoGPT's
_init_weights) as a safetensors file with nanoGPT's state_dict names
without the tied lm_head.weight, which examples/gpt.nv loads with init=F;
--steps 0 only writes it and prints the first batch's loss. The printed
lines are examples/gpt.nv's: "first loss: L" (step 0), "step S loss L lr X"
(the mean of the last print-every steps, summed on the GPU), "val step S
loss L", "ms/step: X (steps A..B)", "tokens/s: N", "peak memory: M MiB"
(torch.cuda.max_memory_allocated), "train seconds: S".

bf16 is autocast's (the products in bf16, float32 parameters, as Frost's
precision="bf16" rounds the operands of its products); attention is
F.scaled_dot_product_attention (flash attention on the GPU) where the
installed PyTorch has it. Safetensors files are read and written here
(F32 only), so the script needs nothing beyond torch (numpy optional).
"""
import argparse
import json
import math
import os
import struct
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "tokenizer"))
from token_windows import read_order, read_tokens  # noqa: E402

CONFIGS = {"gpt2": (12, 12, 768, 1024, 50304), "tiny": (2, 2, 128, 128, 50304)}


# ---- safetensors (F32), as frost/checkpoint.nv writes and reads them ------

def save_safetensors(path, tensors):
    header, offset, blobs = {}, 0, []
    for name, t in tensors.items():
        data = t.detach().to(torch.float32).contiguous().cpu().numpy().tobytes() \
            if _has_numpy() else _float_bytes(t)
        header[name] = {"dtype": "F32", "shape": list(t.shape),
                        "data_offsets": [offset, offset + len(data)]}
        offset += len(data)
        blobs.append(data)
    header["__metadata__"] = {"format": "pt"}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for b in blobs:
            f.write(b)
    os.replace(tmp, path)


def load_safetensors(path):
    with open(path, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
        base = 8 + n
        out = {}
        for name, e in header.items():
            if name == "__metadata__":
                continue
            if e["dtype"] != "F32":
                raise ValueError(f"{path}: {name} is {e['dtype']}, not F32")
            b, end = e["data_offsets"]
            f.seek(base + b)
            raw = f.read(end - b)
            t = torch.frombuffer(bytearray(raw), dtype=torch.float32)
            out[name] = t.reshape(e["shape"]).clone()
    return out


def _has_numpy():
    try:
        import numpy  # noqa: F401
        return True
    except ImportError:
        return False


def _float_bytes(t):
    import array
    return array.array("f", t.detach().to(torch.float32).flatten().tolist()).tobytes()


# ---- the model: nanoGPT's, with GELU's tanh form ---------------------------

class CausalSelfAttention(nn.Module):
    def __init__(self, c, nh):
        super().__init__()
        self.c_attn = nn.Linear(c, 3 * c)
        self.c_proj = nn.Linear(c, c)
        self.n_head, self.n_embd = nh, c

    def forward(self, x):
        b, t, c = x.shape
        q, k, v = self.c_attn(x).split(c, dim=2)
        q = q.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        k = k.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        v = v.view(b, t, self.n_head, c // self.n_head).transpose(1, 2)
        if hasattr(F, "scaled_dot_product_attention"):
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:  # PyTorch before 2.0
            att = (q @ k.transpose(-2, -1)) / math.sqrt(k.size(-1))
            mask = torch.ones(t, t, dtype=torch.bool, device=x.device).tril()
            att = att.masked_fill(~mask, float("-inf")).softmax(-1)
            y = att @ v
        return self.c_proj(y.transpose(1, 2).contiguous().view(b, t, c))


class MLP(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c_fc = nn.Linear(c, 4 * c)
        self.c_proj = nn.Linear(4 * c, c)

    def forward(self, x):
        return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))


class Block(nn.Module):
    def __init__(self, c, nh):
        super().__init__()
        self.ln_1 = nn.LayerNorm(c)
        self.attn = CausalSelfAttention(c, nh)
        self.ln_2 = nn.LayerNorm(c)
        self.mlp = MLP(c)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))


class GPT(nn.Module):
    def __init__(self, n_layer, n_head, n_embd, block_size, vocab_size):
        super().__init__()
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(vocab_size, n_embd),
            wpe=nn.Embedding(block_size, n_embd),
            h=nn.ModuleList([Block(n_embd, n_head) for _ in range(n_layer)]),
            ln_f=nn.LayerNorm(n_embd)))
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight  # tied
        self.apply(self._init_weights)
        for name, p in self.named_parameters():
            if name.endswith("c_proj.weight"):
                nn.init.normal_(p, mean=0.0, std=0.02 / math.sqrt(2 * n_layer))

    @staticmethod
    def _init_weights(m):
        if isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, mean=0.0, std=0.02)
            if m.bias is not None:
                nn.init.zeros_(m.bias)
        elif isinstance(m, nn.Embedding):
            nn.init.normal_(m.weight, mean=0.0, std=0.02)

    def forward(self, idx, targets):
        t = idx.size(1)
        pos = torch.arange(t, device=idx.device)
        x = self.transformer.wte(idx) + self.transformer.wpe(pos)
        for block in self.transformer.h:
            x = block(x)
        logits = self.lm_head(self.transformer.ln_f(x))
        return F.cross_entropy(logits.float().view(-1, logits.size(-1)),
                               targets.reshape(-1))

    def frost_state(self):
        """The state_dict under Frost's checkpoint names (the tied head once)."""
        return {k: v for k, v in self.state_dict().items()
                if k != "lm_head.weight"}


def cosine_lr(base, step, total, warmup, min_lr):
    """frost/optim.nv's cosine_lr."""
    if step < warmup:
        return base * (step + 1) / warmup
    t = min(float(step - warmup) / max(total - warmup, 1), 1.0)
    return min_lr + 0.5 * (base - min_lr) * (1.0 + math.cos(math.pi * t))


def batches(tokens, order, dev):
    """Step k's [B, T+1] rows (the order's batch k), as int64 on dev."""
    b, t = order["batch"], order["seq"]
    offs = order["offsets"]

    def get(k):
        rows = [list(tokens[o:o + t + 1]) for o in offs[k * b:(k + 1) * b]]
        return torch.tensor(rows, dtype=torch.long).to(dev, non_blocking=True)
    return get


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="tiny", choices=sorted(CONFIGS))
    for k in ["layers", "heads", "width", "ctx", "vocab"]:
        ap.add_argument(f"--{k}", type=int)
    ap.add_argument("--data", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "fortunes-"))
    ap.add_argument("--order", help="window-order file (examples/gpt.nv write_order=F)")
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--seq", type=int)
    ap.add_argument("--accum", type=int, default=1)
    ap.add_argument("--steps", type=int, default=1000)
    ap.add_argument("--lr", type=float)
    ap.add_argument("--min-lr", type=float)
    ap.add_argument("--warmup", type=int)
    ap.add_argument("--wd", type=float, default=0.1)
    ap.add_argument("--clip", type=float, default=1.0)
    ap.add_argument("--mode", default="eager", choices=["eager", "compile"])
    ap.add_argument("--precision", default="bf16", choices=["bf16", "float"])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write-init")
    ap.add_argument("--init")
    ap.add_argument("--print-every", type=int, default=10)
    ap.add_argument("--eval-every", type=int, default=100)
    ap.add_argument("--eval-batches", type=int, default=10)
    ap.add_argument("--time-from", type=int, default=50)
    ap.add_argument("--time-to", type=int, default=300)
    ap.add_argument("--json")
    a = ap.parse_args()

    nl, nh, ne, ctx, vocab = CONFIGS[a.config]
    nl, nh, ne = a.layers or nl, a.heads or nh, a.width or ne
    ctx, vocab = a.ctx or ctx, a.vocab or vocab
    t = a.seq or ctx
    lr = a.lr if a.lr is not None else (2e-3 if a.config == "tiny" else 6e-4)
    min_lr = a.min_lr if a.min_lr is not None else lr / 10.0
    warmup = a.warmup if a.warmup is not None else min(100, a.steps // 10)
    dev = "cuda" if torch.cuda.is_available() else "cpu"
    if dev == "cuda":  # TF32 with bf16 autocast (nanoGPT's); float32 is float32
        torch.backends.cuda.matmul.allow_tf32 = a.precision == "bf16"
        torch.backends.cudnn.allow_tf32 = a.precision == "bf16"

    torch.manual_seed(a.seed)
    model = GPT(nl, nh, ne, ctx, vocab)
    if a.write_init:
        save_safetensors(a.write_init, model.frost_state())
        print(f"torch_gpt: wrote the initial weights to {a.write_init}")
    if a.init:
        state = load_safetensors(a.init)
        state["lm_head.weight"] = state["transformer.wte.weight"]
        model.load_state_dict(state)
    model.to(dev)
    n_params = sum(p.numel() for p in model.parameters())
    print(f"torch_gpt: {nl} layers, {nh} heads, width {ne}, context {ctx}, "
          f"vocabulary {vocab}, {a.precision}, {n_params} parameters; batch "
          f"{a.batch} x {t} tokens, {a.accum} micro-batches a step, {a.steps} "
          f"steps, {a.mode}, torch {torch.__version__} on {dev}")

    tokens = read_tokens(a.data + "train.bin")
    if a.order:
        order = read_order(a.order)
        if order["batch"] != a.batch or order["seq"] != t:
            sys.exit(f"torch_gpt: {a.order} holds batches of {order['batch']} x "
                     f"{order['seq']}, not {a.batch} x {t}")
    else:  # in order, without Frost's file (timing only)
        n = (len(tokens) - 1) // t
        order = {"batch": a.batch, "seq": t, "steps": n // a.batch,
                 "offsets": [k * t for k in range(n)]}
    get = batches(tokens, order, dev)
    val_tokens = read_tokens(a.data + "val.bin")
    nval = (len(val_tokens) - 1) // t
    val_order = {"batch": a.batch, "seq": t,
                 "offsets": [k * t for k in range(nval)]}
    get_val = batches(val_tokens, val_order, dev)
    val_n = min(a.eval_batches, nval // a.batch)

    amp = torch.autocast(device_type="cuda" if dev == "cuda" else "cpu",
                         dtype=torch.bfloat16, enabled=a.precision == "bf16"
                         and dev == "cuda")
    run = torch.compile(model) if a.mode == "compile" else model

    def loss_of(xy):
        with amp:
            return run(xy[:, :-1], xy[:, 1:])

    if a.steps == 0:
        with torch.no_grad():
            print(f"first loss: {loss_of(get(0)).item()}")
        return

    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    extra = {"fused": True} if dev == "cuda" else {}
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": a.wd},
                             {"params": no_decay, "weight_decay": 0.0}],
                            lr=lr, betas=(0.9, 0.95), eps=1e-8, **extra)

    def evaluate():
        model.eval()
        with torch.no_grad():
            total = sum(loss_of(get_val(k)).item() for k in range(val_n))
        model.train()
        return total / max(val_n, 1)

    if dev == "cuda":
        torch.cuda.reset_peak_memory_stats()
    acc = torch.zeros((), device=dev)
    rows, first_loss, last_loss = [], None, None
    t_start = t_end = None
    timed = 0
    t_train = time.time()
    for step in range(a.steps):
        if step == a.time_from:
            if dev == "cuda":
                torch.cuda.synchronize()
            t_start = time.time()
        for g in opt.param_groups:
            g["lr"] = cosine_lr(lr, step, a.steps, warmup, min_lr)
        for k in range(a.accum):
            loss = loss_of(get(step * a.accum + k)) / a.accum
            loss.backward()
            acc += loss.detach()
        torch.nn.utils.clip_grad_norm_(model.parameters(), a.clip)
        opt.step()
        opt.zero_grad(set_to_none=True)
        if step == 0:
            first_loss = acc.item()
            print(f"first loss: {first_loss}")
        if step + 1 == a.time_to:
            if dev == "cuda":
                torch.cuda.synchronize()
            t_end = time.time()
            timed = a.time_to - a.time_from
        if (step + 1) % a.print_every == 0:
            last_loss = acc.item() / a.print_every
            acc.zero_()
            print(f"step {step + 1} loss {last_loss:.3f} lr "
                  f"{opt.param_groups[0]['lr']}")
            rows.append({"step": step + 1, "loss": last_loss})
        if a.eval_every > 0 and (step + 1) % a.eval_every == 0 and val_n > 0:
            print(f"val step {step + 1} loss {evaluate():.3f}")
    if dev == "cuda":
        torch.cuda.synchronize()
    t_done = time.time()
    if timed == 0 and a.steps > a.time_from:
        t_end, timed = t_done, a.steps - a.time_from
    out = {"config": a.config, "mode": a.mode, "precision": a.precision,
           "seed": a.seed, "steps": a.steps, "losses": rows,
           "first_loss": first_loss, "torch": torch.__version__}
    if timed > 0:
        ms = 1000.0 * (t_end - t_start) / timed
        print(f"ms/step: {ms:.3f} (steps {a.time_from}..{a.time_from + timed})")
        print(f"tokens/s: {int(a.batch * t * a.accum * 1000.0 / ms)}")
        out["ms_per_step"] = ms
    if dev == "cuda":
        mib = torch.cuda.max_memory_allocated() / 1048576.0
        print(f"peak memory: {int(mib)} MiB")
        out["peak_mib"] = mib
    print(f"train seconds: {t_done - t_train:.3f}")
    if val_n > 0:
        out["val_loss"] = evaluate()
        print(f"val loss: {out['val_loss']:.3f}")
    if first_loss is not None and last_loss is not None and last_loss < first_loss:
        print(f"loss fell: {first_loss:.3f} -> {last_loss:.3f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
