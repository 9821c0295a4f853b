#!/usr/bin/env python3
"""Fashion-MNIST as the reference program's data: 32x32 RGB PNG files named
NNNNN_<CIFAR-10 class name>.png, which its Dataset globs and labels by the
name after the last '_' (all_in_one.nv, spec §9.5).

    python3 bench/all_in_one/fashion_png.py IDX_DIR OUT_DIR [--limit N] [--workers N]

IDX_DIR holds the four gzipped IDX files (train-images-idx3-ubyte.gz,
train-labels-idx1-ubyte.gz, t10k-images-idx3-ubyte.gz,
t10k-labels-idx1-ubyte.gz); OUT_DIR/train gets the 60,000 training images
and OUT_DIR/test the 10,000 test images, numbered in IDX order (the first
training image, an ankle boot, label 9, is train/00000_truck.png). Each 28x28 grey image is padded with 2 black
pixels on every side to 32x32 (larger images are refused) and written with
its grey value in all three channels. Label k becomes the k-th CIFAR-10
class name (0 airplane, 1 automobile, ..., 9 truck), which the program maps
back to k. --limit N writes only the first N images of each split (tests).

Only the standard library (gzip, zlib, struct): it runs on the GPU host
without PIL or numpy, and the PNG encoding is fixed (8-bit RGB, no
interlace, filter 0 on every row, zlib level 6), so the files are the same
wherever they are written.
"""
import argparse
import gzip
import os
import struct
import sys
import zlib
from multiprocessing import Pool

CIFAR_CLASSES = ["airplane", "automobile", "bird", "cat", "deer",
                 "dog", "frog", "horse", "ship", "truck"]
SIDE = 32
SPLITS = [("train", "train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"),
          ("test", "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz")]


def fail(msg):
    sys.exit(f"fashion_png: {msg}")


def read_idx(path, rank):
    """The extents and the raw unsigned bytes of an IDX file of the given rank."""
    try:
        with gzip.open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        fail(f"{path}: {e}")
    if len(data) < 4 + 4 * rank:
        fail(f"{path}: too short for an IDX header")
    zero, kind, r = struct.unpack(">HBB", data[:4])
    if zero != 0 or kind != 0x08 or r != rank:
        fail(f"{path}: not an IDX file of unsigned bytes and rank {rank}")
    dims = struct.unpack(f">{rank}I", data[4:4 + 4 * rank])
    body = data[4 + 4 * rank:]
    count = 1
    for d in dims:
        count *= d
    if len(body) != count:
        fail(f"{path}: {len(body)} data bytes for extents {list(dims)}")
    return dims, body


def chunk(kind, payload):
    return (struct.pack(">I", len(payload)) + kind + payload +
            struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF))


def png_rgb(grey, h, w):
    """An 8-bit RGB PNG of SIDE x SIDE with the h x w grey image centred."""
    top, left = (SIDE - h) // 2, (SIDE - w) // 2
    raw = bytearray()
    for y in range(SIDE):
        raw.append(0)  # filter: none
        row = bytearray(3 * SIDE)
        if top <= y < top + h:
            src = grey[(y - top) * w:(y - top + 1) * w]
            for x, v in enumerate(src):
                o = 3 * (left + x)
                row[o] = row[o + 1] = row[o + 2] = v
        raw += row
    ihdr = struct.pack(">IIBBBBB", SIDE, SIDE, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) +
            chunk(b"IDAT", zlib.compress(bytes(raw), 6)) + chunk(b"IEND", b""))


def write_one(job):
    path, grey, h, w = job
    with open(path, "wb") as f:
        f.write(png_rgb(grey, h, w))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("idx_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--limit", type=int, default=0,
                    help="write only the first N images of each split")
    ap.add_argument("--workers", type=int, default=min(16, os.cpu_count() or 1))
    a = ap.parse_args()
    if a.limit < 0:
        fail("--limit must not be negative")
    for split, images, labels in SPLITS:
        (n, h, w), pixels = read_idx(os.path.join(a.idx_dir, images), 3)
        (nl,), ys = read_idx(os.path.join(a.idx_dir, labels), 1)
        if nl != n:
            fail(f"{split}: {n} images but {nl} labels")
        if h > SIDE or w > SIDE:
            fail(f"{split}: images of {h}x{w} do not fit in {SIDE}x{SIDE}")
        bad = [y for y in ys if y >= len(CIFAR_CLASSES)]
        if bad:
            fail(f"{split}: label {bad[0]} is not one of the 10 classes")
        if a.limit:
            n = min(n, a.limit)
        out = os.path.join(a.out_dir, split)
        os.makedirs(out, exist_ok=True)
        jobs = [(os.path.join(out, f"{i:05d}_{CIFAR_CLASSES[ys[i]]}.png"),
                 pixels[i * h * w:(i + 1) * h * w], h, w) for i in range(n)]
        if a.workers > 1 and n > 1000:
            with Pool(a.workers) as p:
                p.map(write_one, jobs, chunksize=500)
        else:
            for job in jobs:
                write_one(job)
        print(f"fashion_png: {n} images of {h}x{w} padded to {SIDE}x{SIDE} RGB in {out}")


if __name__ == "__main__":
    main()
