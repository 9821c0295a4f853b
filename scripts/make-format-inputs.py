#!/usr/bin/env python3
"""Writes small safetensors, IDX and PNG files, valid and malicious, for the
tests of the runtime's file parsers (issue 35) and the fuzzers' seed corpora.

    make-format-inputs.py NAME OUT        write input NAME to the file OUT
    make-format-inputs.py --list          list the names
    make-format-inputs.py --corpora DIR   write every input as a seed:
                                          DIR/safetensors, DIR/idx, DIR/png

The lit tests call it through the substitution %make-format-input. Only the
standard library is used (PNGs are assembled by hand with zlib).
"""

import gzip
import json
import os
import struct
import sys
import zlib


# --- safetensors -------------------------------------------------------------

def safetensors(entries, data):
    """entries: {name: (dtype, shape, [begin, end])}; data: the data bytes."""
    header = {name: {"dtype": d, "shape": s, "data_offsets": o}
              for name, (d, s, o) in entries.items()}
    header["__metadata__"] = {"format": "pt"}
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data


def st_valid():
    f32 = struct.pack("<6f", -1.0, -0.75, -0.5, -0.25, 0.0, 0.25)
    bf16 = bytes([0x80, 0x3F, 0x00, 0xC0])        # 1.0, -2.0
    f16 = struct.pack("<e", 0.5)
    f64 = struct.pack("<d", 3.0)
    i64 = struct.pack("<q", 7)
    parts, entries, at = [], {}, 0
    for name, dtype, shape, raw in [("w", "F32", [2, 3], f32),
                                    ("b", "BF16", [2], bf16),
                                    ("h", "F16", [1], f16),
                                    ("d", "F64", [1], f64),
                                    ("step", "I64", [1], i64)]:
        entries[name] = (dtype, shape, [at, at + len(raw)])
        parts.append(raw)
        at += len(raw)
    return safetensors(entries, b"".join(parts))


def st_one(shape, offsets, data=b"\0\0\0\0"):
    return safetensors({"w": ("F32", shape, offsets)}, data)


# --- IDX ---------------------------------------------------------------------

def idx(type_byte, dims, payload):
    return (bytes([0, 0, type_byte, len(dims)]) +
            b"".join(struct.pack(">I", d) for d in dims) + payload)


def gz(data):
    return gzip.compress(data, compresslevel=9, mtime=0)


# --- PNG ---------------------------------------------------------------------

def chunk(kind, body):
    return (struct.pack(">I", len(body)) + kind + body +
            struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))


def png(width, height, color_type, bit_depth, rows, interlace=0, palette=None):
    """rows: the raw scanlines (each with its filter byte), concatenated."""
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0,
                       interlace)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    if palette:
        out += chunk(b"PLTE", palette)
    return out + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def png_rgb(width, height, value=lambda x, y, c: (x * 40 + y * 90 + c * 30) % 256):
    rows = b"".join(b"\0" + bytes(value(x, y, c) for x in range(width) for c in range(3))
                    for y in range(height))
    return png(width, height, 2, 8, rows)


def png_grey(width, height, level=128):
    row = b"\0" + bytes([level]) * width
    return png(width, height, 0, 8, row * height)


def png_claim(width, height):
    """A 68-byte PNG whose IHDR claims width x height (one tiny IDAT)."""
    return png(width, height, 2, 8, b"\0\0\0\0")


INPUTS = {
    # safetensors
    "st-valid": ("safetensors", st_valid),
    # 2^62+1 elements: n*4 wraps to 4, matching data_offsets [0, 4]
    "st-overflow": ("safetensors", lambda: st_one([2**62 + 1], [0, 4])),
    "st-product-overflow": ("safetensors",
                            lambda: st_one([2**31 - 1] * 3 + [4], [0, 4])),
    # offsets that match n*4: the buffer's size used to be taken from them
    "st-huge-extent": ("safetensors", lambda: st_one([2**40], [0, 2**42])),
    "st-max-extent": ("safetensors",
                      lambda: st_one([2**64 - 1], [0, (2**64 - 1) * 4 % 2**64])),
    "st-extent-2p32": ("safetensors", lambda: st_one([2**32, 0], [0, 0], b"")),
    "st-offsets-past-end": ("safetensors", lambda: st_one([4], [0, 16])),
    "st-header-claim": ("safetensors",
                        lambda: struct.pack("<Q", 50 << 20) + b"{}      "),
    # IDX
    "idx-valid": ("idx", lambda: idx(0x08, [2, 2, 3], bytes(range(12)))),
    "idx-valid-gz": ("idx", lambda: gz(idx(0x0B, [2], b"\xff\xfe\x01\x2c"))),
    "idx-f64": ("idx", lambda: idx(0x0E, [1], struct.pack(">d", -1.5))),
    "idx-type-0x42": ("idx", lambda: idx(0x42, [1], b"\0")),
    # a header claiming 2 GiB of bytes, followed by 4 KB
    "idx-claim-2gib": ("idx", lambda: idx(0x08, [2**31 - 1], bytes(4096))),
    "idx-claim-2gib-gz": ("idx", lambda: gz(idx(0x08, [2**31 - 1], bytes(4096)))),
    # ten bytes of data, then 1 MiB of zeros the header does not announce
    "idx-trailing-gz": ("idx", lambda: gz(idx(0x08, [10], bytes(10) + bytes(1 << 20)))),
    "idx-too-many": ("idx", lambda: idx(0x08, [65536, 65536, 2], b"")),
    "idx-truncated-gz": ("idx", lambda: gz(idx(0x08, [4, 4], bytes(16)))[:-12]),
    # PNG
    "png-rgb-3x2": ("png", lambda: png_rgb(3, 2)),
    "png-grey-1bit": ("png", lambda: png(9, 2, 0, 1, b"\0\xaa\x80\0\x55\x00")),
    "png-palette": ("png", lambda: png(2, 1, 3, 8, b"\0\x00\x01",
                                       palette=b"\xff\x00\x00\x00\x00\xff")),
    "png-interlaced": ("png", lambda: png(1, 1, 0, 8, b"\0\x7f", interlace=1)),
    "png-512": ("png", lambda: png_grey(512, 512)),
    "png-claim-30000": ("png", lambda: png_claim(30000, 30000)),
    "png-claim-10000": ("png", lambda: png_claim(10000, 10000)),
    "png-claim-1e6": ("png", lambda: png_claim(10**6, 10**6)),
}


def main(argv):
    if argv[1:] == ["--list"]:
        print("\n".join(INPUTS))
        return 0
    if len(argv) == 3 and argv[1] == "--corpora":
        seeds = []
        for name, (kind, make) in INPUTS.items():
            data = make()
            if kind == "idx":
                # The fuzzer's first byte: 0 reads the rest as it is, 1
                # gzips it first (plain IDX files only).
                if not name.endswith("-gz"):
                    seeds.append((kind, name + "-via-gzip", b"\1" + data))
                data = b"\0" + data
            seeds.append((kind, name, data))
        for kind, name, data in seeds:
            if len(data) > 8192:
                continue  # seeds stay tiny
            os.makedirs(os.path.join(argv[2], kind), exist_ok=True)
            with open(os.path.join(argv[2], kind, name), "wb") as f:
                f.write(data)
        return 0
    if len(argv) != 3 or argv[1] not in INPUTS:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[2], "wb") as f:
        f.write(INPUTS[argv[1]][1]())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
