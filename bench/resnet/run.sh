#!/usr/bin/env bash
# The ResNet benchmark of issue 9, run on the GPU machine from a bundle
# (make gpu-bundle) carried there. Each run appends a row (row.py) to
# $RESULTS/rows.jsonl and its output to $RESULTS/runs.txt (and, line by line as it
# runs, to $RESULTS/progress.txt); collect.py merges rows
# into bench/results/resnet.json here.
#
#   bash bench/resnet/run.sh BUNDLE timing "0 1 2" CONFIG...  # seeds; 2000 steps each, one at a time
#   bash bench/resnet/run.sh BUNDLE accuracy STEPS CONFIG...  # seed 0, all at once (accuracy only)
#   bash bench/resnet/run.sh BUNDLE png                       # PNG files, 3 loader workers each side
#   bash bench/resnet/run.sh BUNDLE profile [WHAT...]         # per-kernel GPU time per step (profile.txt)
#   bash bench/resnet/run.sh BUNDLE layers [ITERS]            # each conv shape, float vs bf16 mode (conv-layers.txt)
#   bash bench/resnet/run.sh BUNDLE plot [ROWS.jsonl...]      # resnet.json (+ rows) -> resnet-loss.png
#
# CONFIG: torch-eager, torch-compile, torch-reduce-overhead (torch_resnet.py
# --mode), frost-BACKEND-MODE with BACKEND neve|cudnn and MODE eager|graph
# (examples/resnet.nv), frost-BACKEND-MODE-nofuse (the same built with
# -fno-fuse: what neve-fuse buys), frost-BACKEND-MODE-bf16 (precision=bf16:
# Frost's bf16 mode, the Neve convolutions on the tensor cores). Seed S: PyTorch's initial weights and data order
# for torch.manual_seed(S), written once by torch_resnet.py --steps 0 and
# read by both sides.
set -uo pipefail
bundle=$(cd "$1" && pwd)
phase=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/scripts/gpu-env.sh" "$bundle"
out=${RESULTS:-$PWD/resnet-results}
work=${RESNET_WORK:-/tmp/resnet}
mkdir -p "$out" "$work"
commit=$(sed -n 's/^commit=//p' "$bundle/MANIFEST")
resnet="$bundle/bench/example-resnet"           # bench/resnet/bundle.sh
[ -x "$resnet" ] || resnet="$bundle/tests/example-resnet"   # make gpu-bundle
# make gpu-bundle compresses its programs (scripts/gpu-bundle.sh): unpack once
if [ ! -x "$resnet" ] && [ -f "$resnet.xz" ]; then
  python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
    "$resnet.xz" "$work/example-resnet" && chmod +x "$work/example-resnet"
  resnet="$work/example-resnet"
fi
resnet_nofuse="$bundle/bench/example-resnet-nofuse"  # built with -fno-fuse
export PYTHONUNBUFFERED=1
log="$out/log.txt"
note() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$log"; }
rel() { sed "s|$bundle|BUNDLE|g; s|$work|WORK|g; s|$root/||g"; }

files() { # SEED
  [ -f "$work/init$1.safetensors" ] && return
  python3 "$here/torch_resnet.py" --steps 0 --seed "$1" --write-init "$work/init$1.safetensors" \
    --write-order "$work/order$1.safetensors" >> "$log" 2>&1
}

# row LOG KIND CONFIG SEED STEPS RC COMMAND...
row() {
  local l=$1 kind=$2 config=$3 s=$4 steps=$5 rc=$6
  shift 6
  python3 "$here/row.py" --log "$l" --kind "$kind" --config "$config" --seed "$s" --steps "$steps" \
    --commit "$commit" --command "$(echo "$*" | rel)" --rc "$rc" >> "$out/rows.jsonl"
  { echo "=== $kind $config seed $s: $(echo "$*" | rel) (exit $rc)"; cat "$l"; } >> "$out/runs.txt"
}

# train CONFIG SEED STEPS KIND [EXTRA...]: one training run and its row
train() {
  local config=$1 s=$2 steps=$3 kind=$4
  shift 4
  local init="$work/init$s.safetensors" order="$work/order$s.safetensors"
  local l="$work/$kind-$config-$s.log" cmd
  case $config in
    torch-*) cmd=(python3 "$here/torch_resnet.py" --mode "${config#torch-}" --steps "$steps" --seed "$s"
                  --init "$init" --order "$order" "$@") ;;
    frost-neve-* | frost-cudnn-*)
      # frost-BACKEND-MODE-nofuse: the same program built with -fno-fuse;
      # frost-BACKEND-MODE-bf16: in Frost's bf16 precision mode (the Neve
      # convolutions and the linear layer on the tensor cores)
      local rest=${config#frost-} bin=$resnet prec=()
      case $rest in *-bf16) prec=(precision=bf16); rest=${rest%-bf16} ;; esac
      case $rest in *-nofuse) bin=$resnet_nofuse; rest=${rest%-nofuse} ;; esac
      cmd=("$bin" steps="$steps" backend="${rest%%-*}" mode="${rest#*-}"
           "${prec[@]}" init="$init" order="$order" "$@") ;;
    *) note "unknown configuration $config"; return 1 ;;
  esac
  note "start $kind $config seed $s"
  local t0=$SECONDS
  # RESNET_DEADLINE=SECONDS stops a run that takes longer (its row keeps
  # the losses so far and says exit status 124)
  local limit=()
  [ -n "${RESNET_DEADLINE:-}" ] && limit=(timeout -k 5 "$RESNET_DEADLINE")
  # every line also goes to $RESULTS/progress.txt at once, prefixed: if the
  # call is stopped, what ran comes back (row.py --progress FILE --prefix P)
  "${limit[@]}" "${cmd[@]}" 2>&1 | tee "$l" | sed -u "s|^|$kind $config $s: |" >> "$out/progress.txt"
  local rc=${PIPESTATUS[0]}
  note "end $kind $config seed $s: exit $rc, $((SECONDS - t0)) s; $(grep -E '^(ms/step|test accuracy|train seconds)' "$l" | tr '\n' ' ')"
  row "$l" "$kind" "$config" "$s" "$steps" "$rc" "${cmd[@]}"
}

case $phase in
  timing)
    seeds=$1
    shift
    for s in $seeds; do
      files "$s"
      for c in "$@"; do train "$c" "$s" 2000 timing; done
    done ;;
  accuracy)
    steps=$1
    shift
    files 0
    for c in "$@"; do train "$c" 0 "$steps" accuracy & done
    wait ;;
  png)
    files 0
    png="$work/png"
    [ -d "$png" ] || python3 "$here/torch_png.py" write "$png" 2>&1 | tee -a "$log"
    l="$work/loader-frost.log"
    cmd=("$(bundle_program "$bundle/bench/resnet-png_loader")" "$png" 3 1875)
    "${cmd[@]}" > "$l" 2>&1
    row "$l" loader frost-png-loader 0 1875 $? "${cmd[@]}"
    note "frost loader: $(grep images/s "$l")"
    l="$work/loader-torch.log"
    cmd=(python3 "$here/torch_png.py" loader "$png" --workers 3 --batches 1875)
    "${cmd[@]}" > "$l" 2>&1
    row "$l" loader torch-png-loader 0 1875 $? "${cmd[@]}"
    note "torch loader: $(grep images/s "$l")"
    train frost-cudnn-graph 0 1875 png-train png="$png" workers=3
    train frost-cudnn-eager 0 1875 png-train png="$png" workers=3
    train torch-eager 0 1875 png-train --png "$png" --workers 3 ;;
  profile)
    # profile [frost-neve] [frost-cudnn] [frost-BACKEND-nofuse] [frost-BACKEND-bf16] [torch-eager] -> $RESULTS/profile.txt
    files 0
    whats=("$@")
    [ ${#whats[@]} -gt 0 ] || whats=(frost-neve frost-cudnn torch-eager)
    for what in "${whats[@]}"; do
      case $what in
        frost-*)
          backend=${what#frost-} bin=$resnet prec=()
          case $backend in *-bf16) prec=(precision=bf16); backend=${backend%-bf16} ;; esac
          case $backend in *-nofuse) bin=$resnet_nofuse; backend=${backend%-nofuse} ;; esac
          csv="$work/ncu-${what#frost-}.csv"
          cmd=(ncu --clock-control none --metrics gpu__time_duration.sum --csv --log-file "$csv"
               "$bin" steps=5 backend=$backend "${prec[@]}" eval=0
               init="$work/init0.safetensors" order="$work/order0.safetensors")
          note "profile $what: $(echo "${cmd[*]}" | rel)"
          "${cmd[@]}" > "${csv%.csv}.out" 2>&1 || tail -5 "${csv%.csv}.out" | tee -a "$log"
          { echo; echo "## $what: $(echo "${cmd[*]}" | rel)   (commit $commit)"
            python3 "$here/kernel_summary.py" "$csv" 5; } >> "$out/profile.txt" ;;
        torch-eager)
          note "profile torch-eager"
          python3 "$here/torch_resnet.py" --mode eager --steps 100 --init "$work/init0.safetensors" \
            --order "$work/order0.safetensors" --profile "$work/torch-profile.txt" >> "$log" 2>&1
          { echo; echo "## torch-eager: python3 bench/resnet/torch_resnet.py --mode eager --steps 100 --profile F"
            cat "$work/torch-profile.txt"; } >> "$out/profile.txt" ;;
      esac
    done ;;
  layers)
    # layers [ITERS]: the ResNet's convolutions one shape at a time, float
    # mode (conv_gemm_k) against bf16 mode (conv_mma_k) -> $RESULTS/conv-layers.txt
    layers_prog=$(bundle_program "$bundle/bench/resnet-conv_layers") ||
      { note "no bench/resnet-conv_layers in the bundle (make gpu-bundle FILTER=bench-resnet-conv_layers)"; exit 1; }
    note "layers: $layers_prog ${1:-200}"
    { echo "## bench/resnet/conv_layers.nv ${1:-200}   (commit $commit; $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1))"
      "$layers_prog" "${1:-200}"; } 2>&1 | tee -a "$out/conv-layers.txt" ;;
  plot)
    # plot [ROWS.jsonl ...]: resnet.json and rows not yet collected
    python3 "$here/plot.py" "$root/bench/results/resnet.json" "$@" "$out/resnet-loss.png" 2>&1 | tee -a "$log" ;;
  *)
    echo "run.sh: unknown phase $phase (timing, accuracy, png, profile, layers, plot)" >&2
    exit 2 ;;
esac
