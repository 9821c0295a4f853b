#!/usr/bin/env python3
"""Reads the token files and window-order files of Frost's TokenLoader
(frost/tokens.nv; formats in lib/Runtime/Frost/TokenFileFormat.h and
docs/frost.md, "Token data"), so that a PyTorch twin trains on the same
[B, T+1] windows in the same order:

    from token_windows import read_tokens, read_order, batch_rows
    tokens = read_tokens("train.bin")          # uint16 ids (numpy when present)
    order = read_order("order.idx")             # header fields and offsets
    for step in range(order["steps"]):
        rows = batch_rows(tokens, order, step)  # B lists (or arrays) of T+1 ids
        # x = torch.tensor(rows)[:, :-1], y = torch.tensor(rows)[:, 1:]

Without numpy it falls back to the standard library (array, struct).
Run as a script it prints the first batches as the lit test
test/e2e/frost/tokens-twin.nv checks them:

    python3 token_windows.py TOKENS ORDER STEPS
"""
import array
import struct
import sys

try:
    import numpy as np
except ImportError:  # the development machine has no numpy
    np = None

TOKEN_MAGIC, TOKEN_VERSION = 20240520, 1
ORDER_MAGIC, ORDER_VERSION = 0x4E564958, 1


def read_tokens(path):
    """The ids of a token file: 1024-byte header (int32 magic 20240520,
    version 1, count N), then N little-endian uint16."""
    with open(path, "rb") as f:
        header = f.read(1024)
        magic, version, n = struct.unpack("<3i", header[:12])
        if magic != TOKEN_MAGIC or version != TOKEN_VERSION:
            raise ValueError(f"{path}: not a version-1 token file")
        if np is not None:
            ids = np.fromfile(f, dtype="<u2", count=n)
        else:
            ids = array.array("H")
            ids.frombytes(f.read(2 * n))
            if sys.byteorder != "little":
                ids.byteswap()
    if len(ids) != n:
        raise ValueError(f"{path}: {len(ids)} tokens, the header says {n}")
    return ids


def read_order(path):
    """A window-order file: 16 int32 (magic 0x4E564958, version 1, B, T,
    steps, seed, N, W, zeros), then steps*B int32 offsets."""
    with open(path, "rb") as f:
        head = struct.unpack("<16i", f.read(64))
        if head[0] != ORDER_MAGIC or head[1] != ORDER_VERSION:
            raise ValueError(f"{path}: not a version-1 window-order file")
        fields = dict(zip(["batch", "seq", "steps", "seed", "tokens", "windows"], head[2:8]))
        offsets = array.array("i")
        offsets.frombytes(f.read())
        if sys.byteorder != "little":
            offsets.byteswap()
    if len(offsets) != fields["batch"] * fields["steps"]:
        raise ValueError(f"{path}: {len(offsets)} offsets for {fields['steps']} steps of {fields['batch']}")
    fields["offsets"] = offsets
    return fields


def batch_rows(tokens, order, step):
    """The B windows of batch `step`: tokens [o, o + T + 1) for each offset o."""
    b, t = order["batch"], order["seq"]
    return [tokens[o:o + t + 1] for o in order["offsets"][step * b:(step + 1) * b]]


def main():
    tokens, order = read_tokens(sys.argv[1]), read_order(sys.argv[2])
    print(f"order: B={order['batch']} T={order['seq']} steps={order['steps']} "
          f"seed={order['seed']} tokens={order['tokens']} windows={order['windows']}")
    for step in range(int(sys.argv[3])):
        for row in batch_rows(tokens, order, step):
            print(f"batch {step}: " + " ".join(str(int(v)) for v in row))


if __name__ == "__main__":
    main()
