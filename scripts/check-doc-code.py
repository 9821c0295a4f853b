#!/usr/bin/env python3
"""Checks that the Neve code blocks of Markdown documents compile.

A block fenced with ```neve is a complete program or module and must pass
`neve-translate --check` (parse, imports, type checking); a block without
a `main` gets an empty one. ```neve import=frost checks the block with
`import frost` before it (a walkthrough of code that lives inside Frost). Blocks fenced otherwise (shell commands, output,
fragments: ``` or ```neve-fragment) are not checked. Prints one line per
document and, for each failure, the document and line of the block with
the compiler's message; exits 1 if any block fails.

    check-doc-code.py NEVE_TRANSLATE DOC.md...
"""
import os
import re
import subprocess
import sys
import tempfile


def blocks(path):
    """(line, text) of every ```neve block of a Markdown file."""
    out, current, start = [], None, 0
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        stripped = line.strip()
        if current is None:
            m = re.fullmatch(r"```neve(?:\s+import=(\S+))?\s*", stripped)
            if m:
                current, start = [], n + 1
                if m[1]:
                    current.append(f"import {m[1]}\n")
        elif stripped.startswith("```"):
            out.append((start, "".join(current)))
            current = None
        else:
            current.append(line)
    if current is not None:
        raise SystemExit(f"{path}:{start - 1}: unterminated ```neve block")
    return out


def main():
    translate, docs = sys.argv[1], sys.argv[2:]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for doc in docs:
            found = blocks(doc)
            bad = 0
            for line, text in found:
                if not re.search(r"^main\b", text, re.M):
                    text += "\nmain\n    print(\"\")\n"
                src = os.path.join(tmp, f"block{line}.nv")
                with open(src, "w") as f:
                    f.write(text)
                r = subprocess.run([translate, src, "--check"],
                                   capture_output=True, text=True)
                if r.returncode != 0:
                    bad += 1
                    msg = r.stderr.replace(src, f"{doc}:block@{line}")
                    print(f"FAIL: {doc}:{line}: the block does not compile:\n{msg}")
            failed += bad
            print(f"{doc}: {len(found)} neve blocks, {len(found) - bad} compile")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
