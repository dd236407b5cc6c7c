#!/usr/bin/env bash
# Installs the built project into a scratch prefix and builds and runs a consumer project against it.
set -euo pipefail
# The consumer is compiled by the project's compiler: a sanitized build's runtime must match.
build_dir=$1 source_dir=$2 compiler=${3:-c++}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
cmake -S "$source_dir/tests/package/consumer" -B "$work/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_CXX_COMPILER="$compiler" > "$work/configure.log" \
  || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/consumer" > "$work/build.log" || { cat "$work/build.log"; exit 1; }
"$work/consumer/consumer"
hip_program=$(find "$work/consumer" -type f -name consumer_hip -perm -u+x | head -n 1)
[[ -n $hip_program ]] || { echo "install_and_consume: wmmasim_hip_executable built no consumer_hip"; exit 1; }
"$hip_program"
