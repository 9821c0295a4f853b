"""Runs neve-translate --diagnostics=json on paths whose names are not
UTF-8 (lit's shell cannot pass such bytes) and prints each diagnostic's
file and message with non-ASCII characters escaped; fails when stderr is
not valid UTF-8 JSON.

    json_non_utf8.py NEVE_TRANSLATE DIR
"""

import json
import os
import subprocess
import sys

translate, work = sys.argv[1], os.fsencode(sys.argv[2])
good = os.path.join(work, b"bad\xff\xc3(.nv")
with open(good, "wb") as f:
    f.write(b"main\n    print(x)\n")
missing = os.path.join(work, b"missing\xfe.nv")
for path in (good, missing):
    out = subprocess.run([translate, path, "--check", "--diagnostics=json"],
                         capture_output=True)
    print("status", out.returncode)
    for d in json.loads(out.stderr.decode("utf-8")):  # strict UTF-8
        print(ascii(os.path.basename(d["file"])), ascii(d["message"]))
