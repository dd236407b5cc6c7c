#!/usr/bin/env bash
# Installs what wmmasim needs (Debian 12 packages only), then configures and builds it in build/.
# Safe to run again: apt-get skips what is installed, CMake rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  build-essential cmake ninja-build pkg-config git
  libeigen3-dev libgtest-dev libgmock-dev libbenchmark-dev libcli11-dev nlohmann-json3-dev
  libboost-context-dev libmpfr-dev libgmp-dev
  clang-19 clang-tools-19 llvm-19 lld-19 libamdhip64-dev librocm-smi-dev
  python3 python3-lxml chromium libxml2-dev
  libclang-rt-19-dev
  python3-dev pybind11-dev python3-numpy python3-pytest python3-matplotlib
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

jobs=$(nproc)
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j "$jobs"
