#!/usr/bin/env bash
# Sets everything up, builds, and runs the main job on the default backend (the CPU emulator).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
w=build/emulator/cli/wmmasim
set -x
"$w" layout --builtin __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12
