#!/usr/bin/env python3
"""Frost <-> PyTorch checkpoint round trip (safetensors), on the GPU machine.

1. The Neve program (test/gpu/frost/checkpoint.nv, compiled) exports its
   model to A and prints every value; PyTorch loads A
   (safetensors.torch.load_file) and must find exactly those values.
2. PyTorch writes B (every tensor * 2 + 1, in float32); the Neve program
   loads B into its model and saves it as C; C must equal B exactly.

    python3 bench/frost/checkpoint_roundtrip.py PROGRAM WORKDIR
Exit status 0 when both directions are exact.
"""
import subprocess
import sys

import torch
from safetensors.torch import load_file, save_file


def main():
    prog, work = sys.argv[1], sys.argv[2]
    a, b, c = f"{work}/frost.safetensors", f"{work}/torch.safetensors", \
        f"{work}/frost-again.safetensors"
    out = subprocess.run([prog, "export", a], check=True, capture_output=True,
                         text=True).stdout
    printed = {}
    for line in out.splitlines():
        name, *vals = line.split()
        printed[name] = torch.tensor([float(v) for v in vals],
                                     dtype=torch.float32)
    loaded = load_file(a)
    ok = set(printed) == set(loaded)
    for name, t in loaded.items():
        same = t.dtype == torch.float32 and torch.equal(t.flatten(),
                                                        printed[name])
        print(f"frost -> torch  {name:20s} {list(t.shape)} "
              f"{'identical' if same else 'DIFFERENT'}")
        ok &= same
    modified = {k: (v * 2 + 1).contiguous() for k, v in loaded.items()}
    save_file(modified, b)
    subprocess.run([prog, "import", b, c], check=True)
    again = load_file(c)
    for name, t in modified.items():
        same = name in again and torch.equal(again[name], t)
        print(f"torch -> frost  {name:20s} {list(t.shape)} "
              f"{'identical' if same else 'DIFFERENT'}")
        ok &= same
    print("checkpoint round trip:", "PASS" if ok else "FAIL",
          f"({len(loaded)} tensors, torch {torch.__version__})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
