#!/usr/bin/env python3
"""The seed's original data setting on the PyTorch side: Fashion-MNIST as PNG
files with the label in the file name, read by a DataLoader whose worker
processes decode them with PIL.

    python3 bench/resnet/torch_png.py write DIR      # 60000 files, 00042_7.png
    python3 bench/resnet/torch_png.py loader DIR [--workers 3] [--batches N]

`loader` prints the loader's images/s alone: batches of 32 in a random
order, preprocessed as in training (scaled, normalised, padded to 32x32),
pinned and copied to the GPU, timed from the iterator's creation (its
workers' start) to the last batch on the GPU. torch_resnet.py --png DIR
trains from the same files with png_loader() below.
"""
import argparse
import glob
import os
import sys
import time
from multiprocessing import Pool

import numpy as np
import torch
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


class PngDataset(torch.utils.data.Dataset):
    """Item i is the i-th file in name order (the IDX order when the names
    are zero-padded indices), label after the last '_'."""

    def __init__(self, dir):
        self.files = sorted(glob.glob(os.path.join(dir, "*.png")))
        if not self.files:
            raise SystemExit(f"torch_png: no PNG files in {dir}")
        self.labels = [int(os.path.basename(f).rsplit("_", 1)[1].split(".")[0])
                       for f in self.files]

    def __len__(self):
        return len(self.files)

    def __getitem__(self, i):
        with Image.open(self.files[i]) as im:
            x = np.asarray(im.convert("L"), dtype=np.float32) / 255.0
        x = (x - 0.2860) / 0.3530
        h, w = x.shape
        out = np.full((1, 32, 32), (0.0 - 0.2860) / 0.3530, np.float32)
        oy, ox = (32 - h) // 2, (32 - w) // 2
        out[0, oy:oy + h, ox:ox + w] = x
        return torch.from_numpy(out), self.labels[i]


def png_loader(dir, order, batch, workers, dev):
    """Endless batches (x, y) on the GPU in the given item order, repeated
    every epoch; a new DataLoader per epoch."""
    ds = PngDataset(dir)
    while True:
        dl = torch.utils.data.DataLoader(
            ds, batch_size=batch, sampler=order, num_workers=workers,
            pin_memory=True, drop_last=True)
        for x, y in dl:
            yield x.to(dev, non_blocking=True), y.to(dev, non_blocking=True)


def _write_one(args):
    path, img = args
    Image.fromarray(img).save(path)


def write(dir):
    from torch_resnet import idx
    data = os.environ.get("FASHION_MNIST", "/usr/share/datasets/fashion-mnist")
    xs = idx(f"{data}/train-images-idx3-ubyte.gz")
    ys = idx(f"{data}/train-labels-idx1-ubyte.gz")
    os.makedirs(dir, exist_ok=True)
    jobs = [(os.path.join(dir, f"{i:05d}_{int(ys[i])}.png"), xs[i])
            for i in range(xs.shape[0])]
    t = time.perf_counter()
    with Pool(min(16, os.cpu_count() or 1)) as p:
        p.map(_write_one, jobs, chunksize=500)
    print(f"wrote {len(jobs)} PNG files to {dir} in "
          f"{time.perf_counter() - t:.1f} s")


def loader(dir, workers, batches):
    ds = PngDataset(dir)
    dl = torch.utils.data.DataLoader(ds, batch_size=32, shuffle=True,
                                     num_workers=workers, pin_memory=True,
                                     drop_last=True)
    n = min(batches, len(dl))
    t = time.perf_counter()
    it = iter(dl)
    for _ in range(n):
        x, y = next(it)
        x = x.to("cuda", non_blocking=True)
        y = y.to("cuda", non_blocking=True)
    torch.cuda.synchronize()
    secs = time.perf_counter() - t
    print(f"loader: {workers} workers, {n} batches of 32 in {secs:.3f} s")
    print(f"images/s: {n * 32 / secs:.1f}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["write", "loader"])
    ap.add_argument("dir")
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--batches", type=int, default=1875)
    a = ap.parse_args()
    if a.what == "write":
        write(a.dir)
    else:
        loader(a.dir, a.workers, a.batches)


if __name__ == "__main__":
    main()
