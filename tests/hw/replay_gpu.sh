#!/usr/bin/env bash
# A "GPU" recording (record_program.hip built by clang for gfx1201, run over the stand-in HIP
# runtime under the interposer) replayed on the CPU emulator: clean, and with one bit the stand-in
# flipped, found at its element. Then `wmmasim validate` end to end over the stand-in: it builds the
# source twice, records, replays and prints the diff; without a GPU it is one sentence.
#   replay_gpu.sh SOURCE CPU_PROGRAM GPU_PROGRAM INTERPOSER FAKE_HIP WMMASIM
set -euo pipefail
source=$1 cpu=$2 gpu=$3 interposer=$4 fake=$5 wmmasim=$6
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

WMMASIM_RECORD="$work/gpu.json" LD_PRELOAD="$interposer" "$gpu" > /dev/null
"$wmmasim" replay "$work/gpu.json" --program "$cpu" > "$work/clean.out" 2> /dev/null || fail "the clean GPU recording's replay exited $?"
grep -q "summary: 2 launches compared, 0 with differences (0 in all)" "$work/clean.out" || { cat "$work/clean.out"; fail "not clean"; }
echo "gpu recording replays to zero differences"

# Launch 0, argument 1 (y), byte 166 (element 41), bit 3: the recorded (GPU) value is 127, the emulator's 123.
WMMASIM_FAKE_HIP_FLIP=0:1:166:3 WMMASIM_RECORD="$work/flip.json" LD_PRELOAD="$interposer" "$gpu" > /dev/null
status=0
"$wmmasim" replay "$work/flip.json" --program "$cpu" > "$work/flip.out" 2> /dev/null || status=$?
cat "$work/flip.out"
[[ $status -eq 1 ]] || fail "the flipped recording's replay exited $status, expected 1"
grep -q "^    arg1\[41\]: 0x42fe0000 (127) vs 0x42f60000 (123), 524288 ulp$" "$work/flip.out" || fail "the flipped element was not reported"
[[ $(grep -c "arg1\[" "$work/flip.out") -eq 1 ]] || fail "more than the flipped element was reported"
! grep -q "layout check" "$work/flip.out" || fail "a launch without matrix instructions got a layout check"
echo "gpu recording with one flipped bit: found at arg1[41] only"

# wmmasim validate over the stand-in (-rdynamic: the stand-in finds the program's host kernels by
# name; a sanitizer build adds its flags, since the stand-in is instrumented).
gpu_options=(--gpu-option=-rdynamic)
for flag in ${WMMASIM_TEST_GPU_LINK_FLAGS:-}; do gpu_options+=("--gpu-option=$flag"); done
cd "$work"
export WMMASIM_HIP_LIBRARY="$fake"
WMMASIM_FAKE_HIP=gfx1201 "$wmmasim" validate "$source" "${gpu_options[@]}" > validate.out 2> validate.err || { cat validate.out validate.err; fail "validate exited $?"; }
cat validate.out
grep -q "^validating .*record_program.hip on gfx1201$" validate.out || fail "validate did not name the target"
grep -q "summary: 2 launches compared, 0 with differences (0 in all)" validate.out || fail "validate is not clean"
[[ -s validate.json ]] && grep -q "^send back: .*validate.json" validate.out || fail "validate kept no recording to send back"
status=0
WMMASIM_FAKE_HIP=gfx1201 WMMASIM_FAKE_HIP_FLIP=0:1:166:3 "$wmmasim" validate "$source" "${gpu_options[@]}" --out flip.json \
  > vflip.out 2> /dev/null || status=$?
[[ $status -eq 1 ]] || { cat vflip.out; fail "validate of a flipping GPU exited $status, expected 1"; }
grep -q "^    arg1\[41\]: 0x42fe0000 (127) vs 0x42f60000 (123)" vflip.out && [[ -s flip.json ]] || fail "validate did not find the flipped bit"
echo "validate: clean over the stand-in, and the flipped bit found"

one_sentence() {
  local expect=$1; shift
  local status=0
  "$@" > out 2> err || status=$?
  [[ $status -eq 2 && ! -s out && $(grep -c "^wmmasim: " err) -eq 1 ]] || { cat out err; fail "not one sentence with status 2: $*"; }
  grep "^wmmasim: " err | grep -q -- "$expect" || { cat err; fail "no '$expect': $*"; }
}
one_sentence "there is none here: no GPU is visible" env WMMASIM_FAKE_HIP=none "$wmmasim" validate "$source"
one_sentence "this machine has only gfx1100" env WMMASIM_FAKE_HIP=gfx1100 "$wmmasim" validate "$source"
one_sentence "could not be loaded" env WMMASIM_HIP_LIBRARY=/nonexistent/libamdhip64.so "$wmmasim" validate "$source"
one_sentence "there is no file missing.hip" env WMMASIM_FAKE_HIP=gfx1201 "$wmmasim" validate missing.hip
echo "validate without a GPU: one sentence"
