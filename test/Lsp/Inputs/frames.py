#!/usr/bin/env python3
"""Writes input for neve-lsp on stdout, for the framing tests: each argument
is one piece, written in order.

    msg:JSON   JSON framed with its correct Content-Length header
    raw:TEXT   TEXT as it is, after \\r and \\n escapes become line ends
    big:N      a header announcing N bytes, then N bytes of 'x' (streamed)
"""
import sys

out = sys.stdout.buffer
for arg in sys.argv[1:]:
    kind, _, text = arg.partition(":")
    if kind == "msg":
        body = text.encode()
        out.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    elif kind == "raw":
        out.write(text.replace("\\r", "\r").replace("\\n", "\n").encode())
    elif kind == "big":
        n = int(text)
        out.write(b"Content-Length: %d\r\n\r\n" % n)
        chunk = b"x" * (1 << 20)
        while n > 0:
            out.write(chunk[: min(n, len(chunk))])
            n -= min(n, len(chunk))
    else:
        sys.exit("frames.py: unknown piece " + arg)
out.flush()
