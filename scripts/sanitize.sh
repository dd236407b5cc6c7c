#!/usr/bin/env bash
# Builds wmmasim with sanitizers (clang-19) and runs the tests under them; docs/reliability.md says
# what each run covers and how long it takes.
#   bash scripts/sanitize.sh             ASan + UBSan in build-asan/: the whole suite, and each libFuzzer
#                                        target for WMMASIM_FUZZ_SECONDS (20 s; label "fuzz")
#   bash scripts/sanitize.sh --thread    TSan in build-tsan/: the SIMT runtime's tests (its threads
#                                        and fibers) and the layout check's (its waves record from
#                                        several threads); the rest of the project is single-threaded
#                                        or shares nothing between threads
# Extra arguments go to ctest (for example -R simt). Any sanitizer report fails the test it occurs in.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=address
if [[ ${1:-} == --thread ]]; then mode=thread; shift; fi
jobs=$(nproc)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# -O1 with line tables: reports name source lines, and the build takes about half of -O2 -g's time.
common=(-G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only -DNDEBUG"
        -DCMAKE_CXX_COMPILER=clang++-19 -DWMMASIM_BUILD_BENCHMARKS=OFF "${launcher[@]}")
# The SIMT runtime's SIGSEGV handler turns a lane's fault into one sentence; ASan must let it be
# installed (allow_user_segv_handler) and forward faults it does not own to ASan's own handler.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_segv_handler=1:detect_stack_use_after_return=0:strict_init_order=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
if [[ $mode == address ]]; then
  cmake -S . -B build-asan "${common[@]}" -DWMMASIM_SANITIZE=address,undefined -DWMMASIM_FUZZ=ON
  nice cmake --build build-asan -j "$jobs"
  ctest --test-dir build-asan --output-on-failure -j "$jobs" "$@"
else
  cmake -S . -B build-tsan "${common[@]}" -DWMMASIM_SANITIZE=thread -DWMMASIM_BUILD_HW=OFF
  simt_tests=(simt_launch_test simt_collective_test simt_fault_test simt_trapped_fault_test simt_context_switch_test
              simt_portable_kernel_test diagnosis_layout_check_test)
  nice cmake --build build-tsan -j "$jobs" --target "${simt_tests[@]}"
  ctest --test-dir build-tsan --output-on-failure -j "$jobs" -R '^(Simt|TrappedFaults|ContextSwitch|LayoutCheck\.)' "$@"
fi
