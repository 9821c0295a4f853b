#!/usr/bin/env python3
"""The programs a GPU test runs, read from its RUN lines, for
scripts/gpu-bundle.sh (which compiles each) and scripts/gpu-run.sh (which
runs and checks each on the GPU host).

    gpu-bundle-variants.py TEST.nv NAME

A test may run its program more than once: compiled with other flags
(`%neve run -fno-fuse %s | FileCheck %s --check-prefix=CHECK-NOFUSE`), or
compiled first and run after (`%neve-translate %s -o %t.fused` then
`%t.fused | FileCheck %s`). Each such run is one variant; the first is named
NAME, the others NAME+FLAGS (`gpu-fusion-relu+fno-fuse`). Lines that only
inspect the compiler's output (`--emit=ptx`, `%neve-opt`) are no variant.

Prints one line of shell assignments per variant, for `eval`:
    v_name v_prog (the source to compile) v_flags (compiler options)
    v_cenv (variables for the compiler) v_args (program arguments)
    v_renv (variables for the run) v_fc (FileCheck options) v_run (the RUN
    line that runs it)
"""
import re
import shlex
import sys

ENV = re.compile(r"^env((?:\s+[A-Za-z_][A-Za-z_0-9]*=\S*)+)\s+")


def split_env(cmd):
    """'env A=1 B=2 rest' -> (['A=1', 'B=2'], 'rest')."""
    m = ENV.match(cmd)
    if not m:
        return [], cmd
    return m.group(1).split(), cmd[m.end():]


def program_path(token, src_dir, src):
    if token == "%s":
        return src
    if token.startswith("%S/"):
        return src_dir + "/" + token[3:]
    return None


def filecheck_opts(tail):
    """Options of `FileCheck %s OPTS` in the pipe after the program."""
    m = re.search(r"\|\s*FileCheck\s+%s((?:\s+--?[\w-]+(?:=\S+)?)*)", tail)
    return m.group(1).split() if m else []


def main():
    src, name = sys.argv[1], sys.argv[2]
    src_dir = src.rsplit("/", 1)[0] if "/" in src else "."
    runs = [l[len("# RUN:"):].strip() for l in open(src, encoding="utf-8")
            if l.startswith("# RUN:")]
    translated = {}  # %t.X -> (program, flags, compile env)
    variants = []
    for line in runs:
        # `not` (a failure expected) stays in the run line, for gpu-run.sh
        cmd = line[4:].lstrip() if line.startswith("not ") else line
        env, cmd = split_env(cmd)
        head, _, tail = cmd.partition("|")
        words = head.split()
        if not words:
            continue
        if words[0] == "%neve-translate" and "--emit" not in head and "-o" in words:
            out = words[words.index("-o") + 1]
            prog = program_path(words[1], src_dir, src) if len(words) > 1 else None
            flags = [w for w in words[2:words.index("-o")]
                     if not w.startswith("-Rpass") and not re.match(r"^\d?>", w)]
            if prog and out.startswith("%t"):
                translated[out] = (prog, flags, env)
            continue
        if words[0] == "%neve" and len(words) > 2 and words[1] == "run":
            i = 2
            flags = []
            while i < len(words) and words[i].startswith("-"):
                flags.append(words[i])
                i += 1
            prog = program_path(words[i], src_dir, src) if i < len(words) else None
            if not prog:
                continue
            cenv = env
            args = words[i + 1:]
        elif words[0] in translated:
            prog, flags, cenv = translated[words[0]]
            args = words[1:]
        else:
            continue
        # redirections (`2>&1`, `> %t.out`) are the run's, not arguments
        args = [a for a in args if not re.match(r"^\d?>", a) and not a.startswith("%t")]
        variants.append({
            "prog": prog, "flags": flags, "cenv": cenv, "args": args,
            # compile-time paths (%S) mean nothing on the GPU host
            "renv": [e for e in env if "%S" not in e],
            "fc": filecheck_opts("|" + tail),
            "run": line,
        })
    seen = set()
    for k, v in enumerate(variants):
        key = (v["prog"], tuple(v["flags"]), tuple(v["cenv"]), tuple(v["args"]),
               tuple(v["renv"]), tuple(v["fc"]))
        if key in seen:
            continue
        seen.add(key)
        vname = name
        if k > 0:
            tag = "".join(re.sub(r"[^A-Za-z0-9_]+", "-", f).strip("-") for f in v["flags"]) or str(k + 1)
            vname = f"{name}+{tag}"
        cenv = [e.replace("%S", src_dir) for e in v["cenv"]]
        fields = {
            "v_name": shlex.quote(vname),
            "v_prog": shlex.quote(v["prog"]),
            "v_flags": "(" + " ".join(map(shlex.quote, v["flags"])) + ")",
            "v_cenv": "(" + " ".join(map(shlex.quote, cenv)) + ")",
            "v_args": shlex.quote(" ".join(v["args"])),
            "v_renv": shlex.quote(" ".join(v["renv"])),
            "v_fc": shlex.quote(" ".join(v["fc"])),
            "v_run": shlex.quote("# RUN: " + v["run"]),
        }
        print("; ".join(f"{key}={val}" for key, val in fields.items()))


if __name__ == "__main__":
    main()
