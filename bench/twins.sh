# Sourced by bench/vae/run.sh and bench/vit/run.sh, the comparisons of a
# Frost example with its PyTorch twin on the GPU host:
#   source bench/twins.sh BUNDLE MODEL      # MODEL: vae or vit
# Sets bundle, out ($RESULTS, default ./MODEL-results), work ($MODEL_WORK,
# default /tmp/MODEL), commit (the bundle's), device, log and prog (the
# bundle's example-MODEL, unpacked once into $work), exports
# PYTHONUNBUFFERED, and defines
#   note TEXT                  a timestamped line on stdout and in $log
#   run CONFIG SEED COMMAND…   one training run: its output goes to
#                              $out/runs.txt under a line naming config,
#                              seed, commit, device, command and exit
#                              status, its row to $out/rows.jsonl
#                              (bench/compare_twins.py row)
#   twin_summary               compare_twins.py summary of the rows into
#                              $out/MODEL.json and $out/summary.txt
# The caller sets root (the checkout) and steps before running.
twin_model=$2
bundle=$(cd "$1" && pwd)
source "$root/scripts/gpu-env.sh" "$bundle"
work_var="$(echo "$twin_model" | tr '[:lower:]' '[:upper:]')_WORK"
out=${RESULTS:-$PWD/$twin_model-results}
work=${!work_var:-/tmp/$twin_model}
mkdir -p "$out" "$work"
commit=$(sed -n 's/^commit=//p' "$bundle/MANIFEST")
prog="$bundle/tests/example-$twin_model"
# make gpu-bundle compresses its programs (scripts/gpu-bundle.sh): unpack once
if [ ! -x "$prog" ] && [ -f "$prog.xz" ]; then
  python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
    "$prog.xz" "$work/example-$twin_model" && chmod +x "$work/example-$twin_model"
  prog="$work/example-$twin_model"
fi
[ -x "$prog" ] || { echo "run.sh: no example-$twin_model in $bundle/tests" >&2; exit 1; }
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
export PYTHONUNBUFFERED=1
log="$out/log.txt"
note() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$log"; }
# paths in commands, the longer first (one may hold the other)
rel() {
  if [ ${#work} -ge ${#bundle} ]; then sed "s|$work|WORK|g; s|$bundle|BUNDLE|g; s|$root/||g"
  else sed "s|$bundle|BUNDLE|g; s|$work|WORK|g; s|$root/||g"; fi
}

run() {
  local config=$1 s=$2
  shift 2
  local l="$work/$config-$s.log"
  note "start $config seed $s"
  "$@" > "$l" 2>&1
  local rc=$?
  note "end $config seed $s: exit $rc; $(grep -E '^(ms/step|loss fell|loss did not|test loss)' "$l" | tr '\n' ' ')"
  { echo "=== $config seed $s, commit $commit, device $device: $(echo "$*" | rel) (exit $rc)"; cat "$l"; } >> "$out/runs.txt"
  python3 "$root/bench/compare_twins.py" row --log "$l" --config "$config" --seed "$s" --steps "$steps" \
    --commit "$commit" --command "$(echo "$*" | rel)" --device "$device" --rc "$rc" >> "$out/rows.jsonl"
}

twin_summary() {
  python3 "$root/bench/compare_twins.py" summary --model "$twin_model" "$out/rows.jsonl" \
    --json "$out/$twin_model.json" | tee "$out/summary.txt"
}
