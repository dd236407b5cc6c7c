#!/usr/bin/env bash
# The long fuzz runs docs/reliability.md reports: each target for --runs executions (10^7 by default)
# on the corpus the CTest fuzz tests grow, with ASan and UBSan, in build-asan/ (configured by
# `bash scripts/sanitize.sh`; only the fuzz targets are built here).
#   bash scripts/fuzz-long.sh [--runs N] [--max-len BYTES] [--fast] TARGET...
# --fast fuzzes in build-fuzz/ (UBSan and libFuzzer only, -O2: about three times the executions per
# second of ASan's -O1), then replays every input of the grown corpus once under ASan and UBSan in
# build-asan/, so memory errors on any input that reached new code are still found.
# A finding stops its target: the input is kept as build-*/tests/fuzz/long-TARGET-KIND-HASH, and the
# script exits non-zero after the remaining targets. The last lines of each log are printed
# (executions, executions per second, new corpus units).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=10000000
max_len=
fast=0
while [[ ${1:-} == --* ]]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --max-len) max_len=$2; shift 2 ;;
    --fast) fast=1; shift ;;
    *) echo "fuzz-long.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
(($#)) || { echo "fuzz-long.sh: name at least one target (eval_jsonl_fuzz runfile_fuzz calibration_fuzz layout_query_fuzz vop3p_fuzz hip_prepass_fuzz)" >&2; exit 2; }
[[ -f build-asan/CMakeCache.txt ]] || { echo "fuzz-long.sh: build-asan/ is not configured; run bash scripts/sanitize.sh first" >&2; exit 2; }
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_segv_handler=1:detect_stack_use_after_return=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
nice cmake --build build-asan --target "$@"
build=build-asan
if ((fast)); then
  build=build-fuzz
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG" \
        -DCMAKE_CXX_COMPILER=clang++-19 -DWMMASIM_BUILD_BENCHMARKS=OFF -DWMMASIM_BUILD_HW=OFF "${launcher[@]}" \
        -DWMMASIM_SANITIZE=undefined -DWMMASIM_FUZZ=ON >/dev/null
  nice cmake --build build-fuzz --target "$@"
fi
status=0
for target in "$@"; do
  dir=$build/tests/fuzz
  # The CTest test's input length unless --max-len narrows it.
  len=${max_len:-$(grep -h "fuzz.$target\]" "$dir/CTestTestfile.cmake" | sed -n 's/.*"-max_len=\([0-9]*\)".*/\1/p')}
  corpus=build-asan/tests/fuzz/corpus/$target  # one corpus for both builds: the replay reads what fuzzing grew
  mkdir -p "$corpus" "$dir/seeds/$target"
  echo "== $target in $build: $runs executions, inputs up to $len bytes"
  if "$dir/$target" -runs="$runs" -timeout=10 -rss_limit_mb=2048 -max_len="$len" -print_final_stats=1 \
       -artifact_prefix="$dir/long-$target-" "$corpus" "$dir/seeds/$target" >"$dir/long-$target.log" 2>&1; then
    grep -E "^Done|^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" "$dir/long-$target.log"
  else
    status=1
    echo "$target: FINDING, see $dir/long-$target.log"
    grep -E "^SUMMARY|Test unit written" "$dir/long-$target.log" || tail -n 5 "$dir/long-$target.log"
    continue
  fi
  if ((fast)); then
    echo "== $target: the corpus ($(find "$corpus" -type f | wc -l) inputs) replayed under ASan and UBSan"
    # -runs=0 executes each input of the directories once and stops.
    if build-asan/tests/fuzz/$target -runs=0 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="build-asan/tests/fuzz/long-$target-" \
         "$corpus" >"build-asan/tests/fuzz/replay-$target.log" 2>&1; then
      grep -E "^Done" "build-asan/tests/fuzz/replay-$target.log" || true
    else
      status=1
      echo "$target: FINDING in the ASan replay, see build-asan/tests/fuzz/replay-$target.log"
    fi
  fi
done
exit $status
