#!/usr/bin/env bash
# Prints the commit a build here comes from: HEAD of this checkout, with
# "+dirty" when tracked files differ from it ("unknown" outside git). The
# GPU bundles and the bench/*/run.sh --build-only steps stamp their output
# with it, so every result names the code that produced it.
root="$(cd "$(dirname "$0")/.." && pwd)"
commit=$(git -C "$root" rev-parse HEAD 2>/dev/null || echo unknown)
if git -C "$root" status --porcelain --untracked-files=no 2>/dev/null | grep -q .; then
  commit="$commit+dirty"
fi
echo "$commit"
