#!/usr/bin/env python3
"""A scripted LSP client for the lit tests: starts the server, sends the
messages of a session file, and prints every message it receives as one
line of compact JSON with sorted keys (the input directory shown as DIR),
then the server's exit status.

    lsp_client.py SERVER SESSION.jsonl INPUT_DIR

Session lines are JSON messages, with $URI(name) replaced by the URI of
INPUT_DIR/name and "$TEXT(name)" by that file's text as a JSON string;
{"wait": N} reads N messages from the server; {"edit": [name, old, new]}
replaces old by new in the text that the next "$TEXT(name)" sends.
"""
import json
import os
import re
import subprocess
import sys


def send(proc, msg):
    body = json.dumps(msg).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("lsp_client: the server closed its output")
        line = line.strip()
        if not line:
            break
        k, _, v = line.partition(b":")
        if k.lower() == b"content-length":
            length = int(v)
    return json.loads(proc.stdout.read(length))


def main():
    server, session, inputs = sys.argv[1:4]
    inputs = os.path.abspath(inputs)
    texts = {}

    def text(name):
        if name not in texts:
            texts[name] = open(os.path.join(inputs, name)).read()
        return texts[name]

    proc = subprocess.Popen([server], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)
    for line in open(session):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = re.sub(r"\$URI\(([^)]+)\)",
                      lambda m: "file://" + os.path.join(inputs, m[1]), line)
        line = re.sub(r'"\$TEXT\(([^)]+)\)"',
                      lambda m: json.dumps(text(m[1])), line)
        msg = json.loads(line)
        # (a message may be any JSON value: the robustness tests send
        # arrays and numbers)
        if isinstance(msg, dict) and "wait" in msg:
            for _ in range(msg["wait"]):
                out = json.dumps(receive(proc), sort_keys=True,
                                 separators=(",", ":"))
                print(out.replace(inputs, "DIR"))
            continue
        if isinstance(msg, dict) and "edit" in msg:
            name, old, new = msg["edit"]
            assert old in text(name), old
            texts[name] = text(name).replace(old, new)
            continue
        send(proc, msg)
    proc.stdin.close()
    print("exit status", proc.wait(timeout=30))


if __name__ == "__main__":
    main()
