#!/usr/bin/env bash
# Builds, on the CPU machine, the bundle that runs the original reference
# program (NoSavedDATA/Neve_benchmarks, neve_samples/all_in_one.nv: the
# whole original Frost and its ResNet training) on the GPU host, which has
# no LLVM. The program is read from ALL_IN_ONE (fetch it yourself, outside
# the repository: it is never copied into it nor into the bundle) and
# changed in exactly three lines, into a temporary copy that is compiled:
# its two data paths (/frost_exp/Neve_benchmarks/cifar/{train,test}/*.png
# become DATA_DIR/{train,test}/*.png) and `self.train_steps = 20000`
# (becomes STEPS).
#
#   bash bench/all_in_one/bundle.sh ALL_IN_ONE OUT [STEPS] [DATA_DIR]
#
# STEPS defaults to 2000, DATA_DIR to /tmp/neve_all_in_one/data, where
# run.sh writes the PNG files on the GPU host. The program takes a file's
# label from the text between the last '_' and the first '.' of its whole
# path, so DATA_DIR must be an absolute path without a '.'.
#
# OUT gets: all_in_one (the executable), data/fashion-mnist (the four IDX
# files, 30 MB, from which run.sh writes the PNG files there), and MANIFEST
# (commit, date, the source's size and sha256, STEPS, DATA_DIR, the three
# changed lines). Variables: NEVE_TRANSLATE (default build/bin/neve-translate
# of this checkout), AIO_IDX_DIR (default /usr/share/datasets/fashion-mnist).
# Then, on the GPU host: bash bench/all_in_one/run.sh OUT
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
die() { echo "bundle.sh: $*" >&2; exit 1; }
[ $# -ge 2 ] && [ $# -le 4 ] || die "usage: bundle.sh ALL_IN_ONE OUT [STEPS] [DATA_DIR]"
src=$1 out=$2 steps=${3:-2000} data=${4:-/tmp/neve_all_in_one/data}
translate=${NEVE_TRANSLATE:-$root/build/bin/neve-translate}
idx=${AIO_IDX_DIR:-/usr/share/datasets/fashion-mnist}
[ -f "$src" ] || die "$src: no such file (fetch all_in_one.nv first, outside the repository)"
[ -x "$translate" ] || die "$translate missing (make build first)"
[[ "$steps" =~ ^[1-9][0-9]*$ ]] || die "STEPS must be a positive integer, not '$steps'"
[[ "$data" == /* ]] || die "DATA_DIR must be an absolute path, not '$data'"
[[ "$data" != *.* ]] || die "DATA_DIR '$data' has a '.': the program reads a file's label up to the first '.' of its path"
[[ "$data" =~ ^[A-Za-z0-9_/-]+$ ]] || die "DATA_DIR '$data' may hold only letters, digits, '_', '-' and '/'"
for f in train-images-idx3-ubyte.gz train-labels-idx1-ubyte.gz t10k-images-idx3-ubyte.gz t10k-labels-idx1-ubyte.gz; do
  [ -f "$idx/$f" ] || die "$idx/$f missing (AIO_IDX_DIR names the Fashion-MNIST IDX files)"
done

size=$(wc -c < "$src")
sha=$(sha256sum "$src" | cut -d' ' -f1)
[ "$size" -eq 34764 ] || echo "bundle.sh: note: $src is $size bytes; the reference at commit 8b8b90b5 is 34764" >&2

# The three substitutions, each of a text that must occur exactly once.
train_glob='/frost_exp/Neve_benchmarks/cifar/train/*.png'
test_glob='/frost_exp/Neve_benchmarks/cifar/test/*.png'
steps_line='self.train_steps = 20000'
for text in "$train_glob" "$test_glob" "$steps_line"; do
  n=$(grep -cF -- "$text" "$src" || true)
  [ "$n" -eq 1 ] || die "$src: '$text' occurs $n times, not once: is this the reference program?"
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prog="$work/all_in_one.nv"
sed -e "s|/frost_exp/Neve_benchmarks/cifar/train/\*\.png|$data/train/*.png|" \
    -e "s|/frost_exp/Neve_benchmarks/cifar/test/\*\.png|$data/test/*.png|" \
    -e "s|self\.train_steps = 20000|self.train_steps = $steps|" "$src" > "$prog"
changed=$(diff "$src" "$prog" | grep -c '^>' || true)
[ "$changed" -eq 3 ] || die "the substitutions changed $changed lines, not 3"

rm -rf "$out"
mkdir -p "$out/data/fashion-mnist"
"$translate" "$prog" -o "$out/all_in_one" 2> "$work/compile.txt" || { cat "$work/compile.txt" >&2; die "$src does not compile"; }
cp "$idx"/train-images-idx3-ubyte.gz "$idx"/train-labels-idx1-ubyte.gz \
   "$idx"/t10k-images-idx3-ubyte.gz "$idx"/t10k-labels-idx1-ubyte.gz "$out/data/fashion-mnist/"
commit=$(cd "$root" && bash scripts/build-commit.sh)
{
  echo "commit=$commit"
  echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "source_bytes=$size"
  echo "source_sha256=$sha"
  echo "steps=$steps"
  echo "data_dir=$data"
  diff "$src" "$prog" | sed -n 's/^>[[:space:]]*/changed=/p' || true
} > "$out/MANIFEST"
echo "bundle.sh: $(du -sh "$out" | cut -f1) in $out (commit $commit, $steps steps, data in $data there)"
