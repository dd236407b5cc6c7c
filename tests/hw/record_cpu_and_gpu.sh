#!/usr/bin/env bash
# One plain HIP program (record_program.hip) recorded on the CPU emulator (built by wmmasim-hipcc) and
# on a "GPU" (built by clang for gfx1201, run over the stand-in HIP runtime under the interposer):
# the two recordings diff clean; a GPU that computes one bit differently is found at its element.
#   record_cpu_and_gpu.sh CPU_PROGRAM GPU_PROGRAM INTERPOSER WMMASIM
set -euo pipefail
cpu=$1 gpu=$2 interposer=$3 wmmasim=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
WMMASIM_RECORD="$work/cpu.json" "$cpu" > "$work/cpu.out"
WMMASIM_RECORD="$work/gpu.json" LD_PRELOAD="$interposer" "$gpu" > "$work/gpu.out"
cmp "$work/cpu.out" "$work/gpu.out" || { echo "the CPU and GPU builds printed different results"; exit 1; }
"$wmmasim" diff "$work/cpu.json" "$work/gpu.json" || { echo "clean recordings differ"; exit 1; }
echo "cpu vs gpu: no difference"
# Launch 0, argument 1 (y), byte 166 (element 41), bit 3.
WMMASIM_FAKE_HIP_FLIP=0:1:166:3 WMMASIM_RECORD="$work/flip.json" LD_PRELOAD="$interposer" "$gpu" > /dev/null
status=0
"$wmmasim" diff "$work/cpu.json" "$work/flip.json" > "$work/diff.out" || status=$?
cat "$work/diff.out"
[[ $status -eq 1 ]] || { echo "the diff of a flipped bit exited with $status, expected 1"; exit 1; }
grep -q "arg1\[41\]: 0x42f60000 (123) vs 0x42fe0000 (127)" "$work/diff.out" || { echo "the flipped element was not reported"; exit 1; }
[[ $(grep -c "arg1\[" "$work/diff.out") -eq 1 ]] || { echo "more than the flipped element was reported"; exit 1; }
echo "cpu vs gpu with one flipped bit: found at arg1[41] only"
