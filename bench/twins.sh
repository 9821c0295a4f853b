# Sourced by bench/vae/run.sh and bench/vit/run.sh, the comparisons of a
# Frost example with its PyTorch twin on the GPU host:
#   source bench/twins.sh BUNDLE MODEL      # MODEL: vae or vit
# What bench/gpu-host.sh sets (bundle, out, work, commit, device, log, note,
# rel), and prog (the bundle's example-MODEL, unpacked once into $work), and
#   run CONFIG SEED COMMAND…   one training run (gpu-host.sh's logged_run),
#                              its row added to $out/rows.jsonl
#                              (bench/compare_twins.py row)
#   twin_summary               compare_twins.py summary of the rows into
#                              $out/MODEL.json and $out/summary.txt
# The caller sets root (the checkout) and steps before running.
twin_model=$2
source "$root/bench/gpu-host.sh" "$1" "$twin_model"
prog="$bundle/tests/example-$twin_model"
# make gpu-bundle compresses its programs (scripts/gpu-bundle.sh): unpack once
if [ ! -x "$prog" ] && [ -f "$prog.xz" ]; then
  python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
    "$prog.xz" "$work/example-$twin_model" && chmod +x "$work/example-$twin_model"
  prog="$work/example-$twin_model"
fi
[ -x "$prog" ] || { echo "run.sh: no example-$twin_model in $bundle/tests" >&2; exit 1; }

run() {
  local config=$1 s=$2
  shift 2
  logged_run seed "$config" "$s" "$@"
  python3 "$root/bench/compare_twins.py" row --log "$run_log" --config "$config" --seed "$s" --steps "$steps" \
    --commit "$commit" --command "$(echo "$*" | rel)" --device "$device" --rc "$run_rc" >> "$out/rows.jsonl"
}

twin_summary() {
  python3 "$root/bench/compare_twins.py" summary --model "$twin_model" "$out/rows.jsonl" \
    --json "$out/$twin_model.json" | tee "$out/summary.txt"
}
