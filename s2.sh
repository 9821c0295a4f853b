#!/usr/bin/env bash
# device call 2: the Hopper attention forward's tests, bench/attention, ncu of one forward
start=$(date +%s)
left() { echo $(( ${BUDGET:-570} - ($(date +%s) - start) )); }
R=$OUT/r; mkdir -p $R
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > $R/device.txt; cat $R/device.txt
echo "== tests"
RESULTS=$R/tests GPU_TEST_TIMEOUT=150 timeout 330 bash scripts/gpu-run.sh gpu-bundle 'hopper-wgmma|attention-hopper|attention-grad|fusion-attention' > $R/tests.log 2>&1
echo "tests rc $?"; grep -E "^(PASS|FAIL|TIMEOUT)|passed|failed" $R/tests/gpu-run.txt | head -20
for f in $R/tests/failed/*; do [ -f "$f" ] && { echo "--- $f"; grep -v "^neve gpu: kernel" "$f" | tail -30; }; done
echo "== bench (left $(left)s)"
RESULTS=$R/attn timeout $(( $(left) - 100 )) bash bench/attention/run.sh > $R/attn.log 2>&1; echo "bench rc $?"
grep -E "^(check|forward|backward)" $R/attn.log | head -40
echo "== ncu (left $(left)s)"
if [ $(left) -gt 60 ]; then
  timeout $(( $(left) - 15 )) ncu --kernel-name regex:flash_fwd_hopper --launch-skip 3 --launch-count 1 --section SpeedOfLight --section WarpStateStats --section Occupancy --section LaunchStats build/attn-bench/flash > $R/ncu.txt 2>&1; echo "ncu rc $?"; grep -E "Duration|Throughput|Stall|Registers|Warp Cycles" $R/ncu.txt | head -30
fi
cd $OUT && tar czf r.tgz r && rm -rf r; ls -la $OUT
