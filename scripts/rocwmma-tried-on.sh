#!/usr/bin/env bash
# Builds and runs a chosen subset of rocWMMA's own gtest suite with wmmasim-hipcc, from a rocWMMA
# checkout the user provides (rocWMMA is fetched, not vendored, so CI does not run this), and prints
# the counts that docs/hip-on-cpu.md's "tried on" table reports.
#
#   scripts/rocwmma-tried-on.sh ROCWMMA_CHECKOUT [--out DIR] [--jobs N] [--only NAME[,NAME...]] [--list] [--tables-only]
#
# --tables-only prints the table from the logs of the last run, building and running nothing.
#
# Nothing in the checkout is edited. The compile flags are the ones rocWMMA's own CMake passes for a
# gfx1201 build (CMAKE_CXX_FLAGS of its top-level CMakeLists.txt, -mcmodel=large, OpenMP, and
# ROCWMMA_VALIDATION_TESTS for the gemm tests); the one file its CMake generates
# (rocwmma/rocwmma-version.hpp, from rocwmma-version.hpp.in) is generated into --out instead of the
# checkout. Needs a built wmmasim (build/) and Debian's libgtest-dev.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

usage() { sed -n '5p' "$0" | sed 's/^# *//' >&2; exit 2; }
(($#)) || usage
src=$(cd "$1" 2>/dev/null && pwd) || { echo "rocwmma-tried-on: $1 is not a directory" >&2; exit 2; }
shift
out=$here/build/rocwmma-tried-on
jobs=$(nproc)
only=
list=0
tables_only=0
while (($#)); do
  case $1 in
    --out) out=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --list) list=1; shift ;;
    --tables-only) tables_only=1; shift ;;
    *) usage ;;
  esac
done
[[ -f $src/library/include/rocwmma/rocwmma.hpp && -d $src/test/unit ]] ||
  { echo "rocwmma-tried-on: $src is not a rocWMMA checkout (no library/include/rocwmma/rocwmma.hpp or test/unit)" >&2; exit 2; }
hipcc=$here/build/emulator/hip/driver/wmmasim-hipcc
[[ -x $hipcc ]] || { echo "rocwmma-tried-on: $hipcc is not built; run scripts/setup.sh first" >&2; exit 2; }

# The subset: every unit family once (the families whose sources are several kernels of one kind get
# one or two of them) and the gemm kernels SB_NC and MB_CP. "name:dir:sources[:N]" (relative to
# test/); with N, every N-th case runs (gtest's sharding: shard 0 of N, a sample across every
# parameter), for the files whose full run takes from a quarter of an hour to two hours on two cores.
subset=(
  "contamination_test:unit/contamination_test:test/load_contamination_a_16.cpp test/store_contamination_acc_16.cpp:32"
  "cross_lane_ops_test:unit/cross_lane_ops_test:test/dpp_bcast_4.cpp test/dpp_rotate_wave_r1.cpp test/dpp_shift_wave_l1.cpp test/dpp_wfall_bcast_16.cpp test/swizzle_bcast_16.cpp test/swizzle_rotate_r8.cpp test/swizzle_swap_4.cpp test/permute_block_bcast_8.cpp test/permute_rotate.cpp test/permute_gather_scatter.cpp test/blend_zip_byte.cpp test/blend_extract_word_odd.cpp"
  "fill_fragment_test:unit/fill_fragment_test:test/fill_fragment_a_16.cpp test/fill_fragment_acc_32.cpp:8"
  "io_shape_test:unit/io_shape_test:test/io_shape_16.cpp test/io_shape_32.cpp"
  "io_traits_test:unit/io_traits_test:test/io_traits_16.cpp test/io_traits_32.cpp"
  "layout_test:unit/layout_test:test/col_layout_16.cpp test/row_layout_16.cpp:8"
  "load_store_matrix_coop_sync_test:unit/load_store_matrix_coop_sync_test:test/load_store_matrix_coop_sync_a_16.cpp:32"
  "load_store_matrix_sync_test:unit/load_store_matrix_sync_test:test/load_store_matrix_sync_a_16.cpp test/load_store_matrix_sync_acc_16.cpp:8"
  "map_util_test:unit/map_util_test:test/map_block_to_matrix_override_m_16.cpp test/map_matrix_to_data_override_m_16.cpp:8"
  "pack_util_test:unit/pack_util_test:*"
  "transforms_test:unit/transforms_test:*"
  "tuple_test:unit/tuple_test:*"
  "unpack_util_test:unit/unpack_util_test:*"
  "vector_iterator_test:unit/vector_iterator_test:*"
  "vector_test:unit/vector_test:*"
  "vector_util_test:unit/vector_util_test:*"
  "gemm_PGR0_LB0_MP0_SB_NC:gemm/gemm_PGR0_LB0_MP0_SB_NC:test/16x16_nn.cpp test/32x32_tn.cpp:8"
  "gemm_PGR1_LB2_MP0_MB_CP:gemm/gemm_PGR1_LB2_MP0_MB_CP:test/wave/16x16_nn_2x2.cpp test/workgroup/16x16_nt_2x2.cpp:8"
)
if ((list)); then printf '%s\n' "${subset[@]%%:*}"; exit 0; fi

mkdir -p "$out/include/rocwmma" "$out/obj" "$out/bin" "$out/log"
version=$(grep -o 'VERSION_STRING "[0-9.]*"' "$src/CMakeLists.txt" | grep -o '[0-9][0-9.]*' || echo 0.0.0)
IFS=. read -r major minor patch <<<"$version"
sed -e "s/@rocwmma_VERSION_MAJOR@/$major/" -e "s/@rocwmma_VERSION_MINOR@/$minor/" -e "s/@rocwmma_VERSION_PATCH@/$patch/" \
  "$src/library/include/rocwmma/internal/rocwmma-version.hpp.in" >"$out/include/rocwmma/rocwmma-version.hpp.new"
mv "$out/include/rocwmma/rocwmma-version.hpp.new" "$out/include/rocwmma/rocwmma-version.hpp"

# rocWMMA's CMAKE_CXX_FLAGS and test options, for one gfx1201 target.
flags=(--offload-arch=gfx1201 -O2 -std=c++17 --driver-mode=g++ -Xclang -fallow-half-arguments-and-returns
       -D__HIP_HCC_COMPAT_MODE__=1 -Wno-format-nonliteral -parallel-jobs=4 -fclang-abi-compat=17 -mcmodel=large)
openmp=()
if echo 'int main(){}' | clang++-19 -x c++ -fopenmp - -o /dev/null 2>/dev/null; then openmp=(-fopenmp); fi
includes=(-I "$out/include" -I "$src/library/include" -I "$src/test")

# One command per object, run $jobs at a time; each prints one line when it ends.
compile_list=$out/compile.list
: >"$compile_list"
declare -A objects
for entry in "${subset[@]}"; do
  IFS=: read -r name dir sources shards <<<"$entry"
  [[ -z $only || ",$only," == *",$name,"* ]] || continue
  if [[ $sources == '*' ]]; then sources=$(cd "$src/test/$dir" && ls test/*.cpp); fi
  extra=()
  common="hip_device.cpp rocwmma_gtest_main.cpp"
  case $dir in
    unit/*) common+=" unit/unit_kernel_base.cpp"; extra=(-I "$src/test/unit")
            # as its CMakeLists.txt: the cooperative test uses the plain one's device code
            [[ $dir == */load_store_matrix_coop_sync_test ]] && extra+=(-I "$src/test/unit/load_store_matrix_sync_test") ;;
    gemm/*) common+=" gemm/gemm_kernel_base.cpp gemm/gemm_resource.cpp"; extra=(-I "$src/test/gemm" -DROCWMMA_VALIDATION_TESTS) ;;
  esac
  objs=()
  for s in $common; do
    tag=${dir%%/*}
    o=$out/obj/common-$tag-${s//\//_}.o
    grep -qF " $o " "$compile_list" || echo "$src/test/$s $o ${flags[*]} ${openmp[*]} ${includes[*]} -I $src/test/$dir ${extra[*]}" >>"$compile_list"
    objs+=("$o")
  done
  for s in $sources; do
    o=$out/obj/$name-${s//\//_}.o
    echo "$src/test/$dir/$s $o ${flags[*]} ${openmp[*]} ${includes[*]} -I $src/test/$dir ${extra[*]}" >>"$compile_list"
    objs+=("$o")
  done
  objects[$name]="${objs[*]}"
done

total=$(wc -l <"$compile_list")
((tables_only)) && : >"$compile_list" && total=0
echo "rocwmma-tried-on: compiling $total sources from $src with $jobs jobs (each line: one object done)"
export hipcc out
build_start=$SECONDS
n=0
compile_one() {
  local source=$1 object=$2; shift 2
  local start=$SECONDS log=$out/log/$(basename "$object").log
  if [[ -f $object && $object -nt $source ]]; then echo "ok   $(basename "$source") (up to date)"; return 0; fi
  if "$hipcc" -c "$source" -o "$object.tmp" "$@" >"$log" 2>&1; then
    mv "$object.tmp" "$object"; echo "ok   $(basename "$source") ($((SECONDS - start)) s)"
  else
    rm -f "$object.tmp"; echo "FAIL $(basename "$source") ($((SECONDS - start)) s): $(grep -m1 -E 'error' "$log" || tail -1 "$log")"
  fi
}
export -f compile_one
while read -r line; do
  n=$((n + 1))
  echo "$line"
done <"$compile_list" | xargs -P "$jobs" -L 1 bash -c 'compile_one "$@"' _ | while read -r done_line; do
  n=$((n + 1)); echo "  [$n/$total] $done_line"
done
build_seconds=$((SECONDS - build_start))

printf '\n%-34s %7s %7s %7s %7s %7s %8s %7s\n' target built run passed skipped failed seconds sample
sum_run=0 sum_pass=0 sum_skip=0 sum_fail=0 run_seconds=0 unbuilt=0
for entry in "${subset[@]}"; do
  IFS=: read -r name _ _ shards <<<"$entry"
  shards=${shards:-1}
  [[ -n ${objects[$name]+x} ]] || continue
  built=no run=0 passed=0 skipped=0 failed=0 took=0
  missing=0
  for o in ${objects[$name]}; do [[ -f $o ]] || missing=1; done
  if ((tables_only)) && [[ ! -f $out/log/$name.run.log ]]; then
    printf '%-34s %7s\n' "$name" "not run"
    continue
  elif ((tables_only)); then
    built=yes  # as the last run left it
    # gtest's own total of the last run
    took=$(grep -aoE 'test suites? ran\. \([0-9]+ ms total\)' "$out/log/$name.run.log" | grep -oE '[0-9]+' | tail -1 || true)
    took=$(( ${took:-0} / 1000 ))
  elif ((!missing)) && "$hipcc" ${objects[$name]} -o "$out/bin/$name" "${openmp[@]}" -mcmodel=large -lgtest -pthread \
      >"$out/log/$name.link.log" 2>&1; then
    built=yes
    start=$SECONDS
    echo "  running $name$( ((shards > 1)) && echo " (every ${shards}th case)") ..."
    GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=0 "$out/bin/$name" --gtest_brief=1 >"$out/log/$name.run.log" 2>&1 || true
    took=$((SECONDS - start))
  fi
  if [[ $built == yes ]]; then
    log=$out/log/$name.run.log
    # The harness prints its result rows with control bytes: -a reads the log as text.
    run=$(grep -aoE '\[==========\] [0-9]+ tests? from [0-9]+ test suites? ran' "$log" | grep -oE '[0-9]+' | head -1 || true)
    passed=$(grep -aoE '^\[  PASSED  \] [0-9]+' "$log" | grep -oE '[0-9]+$' | head -1 || true)
    skipped=$(grep -aoE '^\[  SKIPPED \] [0-9]+ tests?' "$log" | grep -oE '[0-9]+' | head -1 || true)
    run=${run:-0} passed=${passed:-0} skipped=${skipped:-0}
    failed=$((run - passed - skipped))
    [[ $run -gt 0 ]] || { failed=1; echo "  $name: no gtest summary; $log ends with: $(tail -1 "$log")"; }
  fi
  [[ $built == yes ]] || { unbuilt=$((unbuilt + 1)); echo "  $name did not build: see $out/log"; }
  printf '%-34s %7s %7s %7s %7s %7s %8s %7s\n' "$name" "$built" "$run" "$passed" "$skipped" "$failed" "$took" "1/$shards"
  sum_run=$((sum_run + run)) sum_pass=$((sum_pass + passed)) sum_skip=$((sum_skip + skipped)) sum_fail=$((sum_fail + failed))
  run_seconds=$((run_seconds + took))
done
printf '%-34s %7s %7s %7s %7s %7s %8s %7s\n' total "" "$sum_run" "$sum_pass" "$sum_skip" "$sum_fail" "$run_seconds" ""
echo "rocwmma-tried-on: built in ${build_seconds} s with $jobs jobs, ran in ${run_seconds} s; logs in $out/log"
((sum_fail == 0 && unbuilt == 0))
