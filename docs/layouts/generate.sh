#!/usr/bin/env bash
# Regenerates the committed layout pictures with the `wmmasim layout` command.
# Usage: docs/layouts/generate.sh [path/to/wmmasim]   (default: build/emulator/cli/wmmasim)
set -euo pipefail
cd "$(dirname "$0")"
wmmasim=${1:-../../build/emulator/cli/wmmasim}
svg() { "$wmmasim" layout --builtin "$1" --operand "$2" --format svg --out "$3"; }

svg wmma_f32_16x16x16_f16_w32_gfx12 A rdna4-wmma-f16-w32-A.svg
svg wmma_f32_16x16x16_f16_w32_gfx12 B rdna4-wmma-f16-w32-B.svg
svg wmma_f32_16x16x16_f16_w32_gfx12 D rdna4-wmma-f16-w32-D.svg
svg wmma_f32_16x16x16_f16_w32 A rdna3-wmma-f16-w32-A.svg
svg wmma_f32_16x16x16_f16_w32 D rdna3-wmma-f16-w32-D.svg
svg swmmac_f32_16x16x32_f16_w32 A rdna4-swmmac-f16-w32-A.svg
svg swmmac_f32_16x16x32_f16_w32 index rdna4-swmmac-f16-w32-index.svg
"$wmmasim" layout --builtin wmma_f32_16x16x16_f16_w32_gfx12 --format html --out wmma-f32-16x16x16-f16-w32.html
