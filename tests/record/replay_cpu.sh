#!/usr/bin/env bash
# wmmasim replay with recordings made on the CPU (replay_program.hip, built by wmmasim-hipcc):
# a recording replays to zero differences, whatever the program's own (random) inputs and size are
# at replay time; a wrong revision of the WMMA kernel differs in D only, and the layout check names
# its mistake; selections; and every bad input is one sentence with status 2.
#   replay_cpu.sh PROGRAM PROGRAM_B_TRANSPOSED WMMASIM
set -euo pipefail
prog=$1 wrong=$2 wmmasim=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# One sentence from wmmasim on stderr (the program's own output goes there too), nothing on stdout, status 2.
expect_sentence() {
  local pattern=$1; shift
  local status=0
  "$@" > "$work/out" 2> "$work/err" || status=$?
  [[ $status -eq 2 ]] || { cat "$work/out" "$work/err"; fail "status $status, expected 2: $*"; }
  [[ ! -s "$work/out" ]] || { cat "$work/out"; fail "bad input printed a report: $*"; }
  [[ $(grep -c "^wmmasim: " "$work/err") -eq 1 ]] || { cat "$work/err"; fail "not one sentence from wmmasim on stderr: $*"; }
  grep "^wmmasim: " "$work/err" | grep -q -- "$pattern" || { cat "$work/err"; fail "no '$pattern' in the sentence: $*"; }
}

WMMASIM_RECORD="$work/rec.json" "$prog" 100 > /dev/null

# The same program replays its own recording exactly; so does a run of another size (the launch
# sequence is the same; every input is the recording's).
for size in 100 37; do
  "$wmmasim" replay "$work/rec.json" --program "$prog" -- "$size" > "$work/replay.out" 2> /dev/null || fail "replay at size $size exited $?"
  cat "$work/replay.out"
  grep -q "summary: 3 launches compared, 0 with differences (0 in all)" "$work/replay.out" || fail "replay at size $size is not clean"
  ! grep -q "layout check" "$work/replay.out" || fail "a clean replay ran the layout check"
done
echo "cpu recording replays to zero differences"

# The wrong revision: only D (argument 3 of launch 0) differs, and the layout check says why.
status=0
"$wmmasim" replay "$work/rec.json" --program "$wrong" -- 100 > "$work/wrong.out" 2> /dev/null || status=$?
cat "$work/wrong.out"
[[ $status -eq 1 ]] || fail "the wrong kernel's replay exited $status, expected 1"
grep -q "^launch 0 wmma_tile: .* differ$" "$work/wrong.out" || fail "launch 0 does not differ"
grep -q "^  arg3 (float \*) after: .* f32 elements differ" "$work/wrong.out" || fail "D is not the differing buffer"
[[ $(grep -c "^  arg[0-9].* after: " "$work/wrong.out") -eq 1 ]] || fail "a buffer other than D differs"
grep -q "^  layout check: .*B is read transposed" "$work/wrong.out" || fail "the layout check did not name the mistake"
grep -q "^launch 1 axpy<T>: .* identical$" "$work/wrong.out" || fail "launch 1 differs"
grep -q "^launch 2 iota: .* identical$" "$work/wrong.out" || fail "launch 2 differs"
status=0
"$wmmasim" replay "$work/rec.json" --program "$wrong" --no-layout-check -- 100 > "$work/nocheck.out" 2> /dev/null || status=$?
[[ $status -eq 1 ]] && ! grep -q "layout check" "$work/nocheck.out" || fail "--no-layout-check still checked"
echo "wrong kernel: D differs and the layout check names b-transposed"

# Selections.
"$wmmasim" replay "$work/rec.json" --program "$prog" --launch 2 > "$work/one.out" 2> /dev/null
grep -q "^launch 2 iota: " "$work/one.out" && grep -q "summary: 1 launches compared" "$work/one.out" || fail "--launch 2"
"$wmmasim" replay "$work/rec.json" --program "$prog" --kernel 'axpy*' > "$work/kernel.out" 2> /dev/null
grep -q "^launch 1 axpy<T>: " "$work/kernel.out" && grep -q "summary: 1 launches compared" "$work/kernel.out" || fail "--kernel axpy*"
echo "selections replay only what they select"

# Bad input.
echo '{"format": "not a run file"}' > "$work/junk.json"
expect_sentence "junk.json" "$wmmasim" replay "$work/junk.json" --program "$prog"
"$wmmasim" run gemm --m 16 --n 16 --k 16 --out "$work/run.json" > /dev/null
expect_sentence "is not a recording" "$wmmasim" replay "$work/run.json" --program "$prog"
expect_sentence "has no launch 7 " "$wmmasim" replay "$work/rec.json" --program "$prog" --launch 7
expect_sentence "has no launch of kernel gemm" "$wmmasim" replay "$work/rec.json" --program "$prog" --kernel gemm
expect_sentence "the recording's launch 0 is kernel wmma_tile, but the program's launch 0 is axpy<T>" \
  "$wmmasim" replay "$work/rec.json" --program "$prog" --launch 0 -- 100 skip-tile
expect_sentence "made only 1 launches" "$wmmasim" replay "$work/rec.json" --program "$prog" --launch 1 -- 100 stop-after-tile
expect_sentence "made no kernel launch" "$wmmasim" replay "$work/rec.json" --program /bin/true
expect_sentence "cannot run /nonexistent/prog" "$wmmasim" replay "$work/rec.json" --program /nonexistent/prog
WMMASIM_RECORD="$work/outputs.json" WMMASIM_RECORD_ONLY_OUTPUTS=1 "$prog" 100 > /dev/null
expect_sentence "launch 0 (wmma_tile) cannot be replayed: the buffer of argument 0's contents before it were not recorded" \
  "$wmmasim" replay "$work/outputs.json" --program "$prog" --launch 0
echo "bad input: one sentence each"
