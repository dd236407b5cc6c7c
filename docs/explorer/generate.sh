#!/usr/bin/env bash
# Regenerates the committed layout explorer (index.html) and its screenshots (PNG, headless Chromium).
# Usage: docs/explorer/generate.sh [path/to/wmmasim]   (default: build/emulator/cli/wmmasim)
# The test explorer_site_is_fresh fails while index.html differs from what wmmasim writes.
set -euo pipefail
cd "$(dirname "$0")"
wmmasim=$(realpath "${1:-../../build/emulator/cli/wmmasim}")
"$wmmasim" layout --site .
WMMASIM_CLI="$wmmasim" python3 ../../tests/explorer/explorer_browser_test.py --screenshots .
