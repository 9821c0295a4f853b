#!/usr/bin/env python3
"""Turns the lines of bench/tokenizer/run.sh (tokenizer.txt) into JSON:
the header (commit, command, machine, device, date), each measurement
({side, mode, threads, bytes, seconds, mb_per_s, tokens, hash}), and the
comparison: for the whole text (modes text and chunks) and for the
documents (docs), whether every run of every side produced the same token
count and hash (identical ids). Exit status 1 when they differ.

    python3 collect.py tokenizer.txt > tokenizer.json
"""
import json
import sys


def main():
    header, runs, notes = {}, [], []
    for line in open(sys.argv[1], encoding="utf-8"):
        line = line.rstrip("\n")
        if line.startswith("# ") and ": " in line and not header.get("done"):
            key, value = line[2:].split(": ", 1)
            if key in ("tokenizer", "command", "machine", "device", "date"):
                header["commit" if key == "tokenizer" else key] = value.replace("commit ", "")
                continue
        parts = line.split()
        if len(parts) >= 7 and parts[0] in ("neve", "tiktoken", "tiktoken-wasm") and parts[1] in ("once", "text", "chunks", "docs"):
            run = {"side": parts[0], "mode": parts[1]}
            for field in parts[2:]:
                key, value = field.split("=", 1)
                run[key] = float(value) if key in ("seconds", "mb_per_s") else int(value)
            runs.append(run)
        elif line.startswith(("corpus:", "load:", "# ")):
            notes.append(line)
    same = {}
    for mode in ("once", "text", "docs"):
        # encode_parallel's chunks give the text's ids
        keys = {(r["tokens"], r["hash"]) for r in runs if r["mode"] == mode or (mode == "text" and r["mode"] == "chunks")}
        same[mode] = len(keys) == 1 if keys else None
    json.dump({**header, "runs": runs, "notes": notes, "identical_ids": same}, sys.stdout, indent=1)
    print()
    return 0 if all(v is not False for v in same.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
