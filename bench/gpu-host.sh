# Sourced by the benchmark scripts that run on the GPU host from a bundle
# (bench/twins.sh for the VAE and ViT comparisons, bench/mlp/run.sh):
#   source bench/gpu-host.sh BUNDLE NAME
# The caller sets root (the checkout). Sets bundle, out ($RESULTS, default
# ./NAME-results), work ($NAME_WORK, default /tmp/NAME), commit (the
# bundle's), device and log, exports PYTHONUNBUFFERED, and defines
#   note TEXT       a timestamped line on stdout and in $log
#   rel             a filter writing the bundle's and the work folder's
#                   paths as BUNDLE and WORK, the checkout's relative
#   logged_run KIND CONFIG N COMMAND…
#                   one run (KIND N: "seed 0", "round 2"): its output in
#                   $work/CONFIG-N.log (run_log; run_rc its exit status),
#                   noted at start and end with its lines matching
#                   $result_lines, and appended to $out/runs.txt under a
#                   line naming config, KIND N, commit, device, command and
#                   exit status
bundle=$(cd "$1" && pwd)
source "$root/scripts/gpu-env.sh" "$bundle"
host_work_var="$(echo "$2" | tr '[:lower:]' '[:upper:]')_WORK"
out=${RESULTS:-$PWD/$2-results}
work=${!host_work_var:-/tmp/$2}
mkdir -p "$out" "$work"
commit=$(sed -n 's/^commit=//p' "$bundle/MANIFEST")
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
export PYTHONUNBUFFERED=1
log="$out/log.txt"
result_lines='^(ms/step|loss fell|loss did not|test loss)'
note() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$log"; }
# the longer path first (one may hold the other)
rel() {
  if [ ${#work} -ge ${#bundle} ]; then sed "s|$work|WORK|g; s|$bundle|BUNDLE|g; s|$root/||g"
  else sed "s|$bundle|BUNDLE|g; s|$work|WORK|g; s|$root/||g"; fi
}

logged_run() {
  local kind=$1 config=$2 n=$3
  shift 3
  run_log="$work/$config-$n.log"
  note "start $config $kind $n"
  "$@" > "$run_log" 2>&1
  run_rc=$?
  note "end $config $kind $n: exit $run_rc; $(grep -E "$result_lines" "$run_log" | tr '\n' ' ')"
  { echo "=== $config $kind $n, commit $commit, device $device: $(echo "$*" | rel) (exit $run_rc)"; cat "$run_log"; } >> "$out/runs.txt"
}
