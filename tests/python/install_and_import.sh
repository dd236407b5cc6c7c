#!/usr/bin/env bash
# `cmake --install` into a scratch prefix puts the package where Debian's python3 looks for that
# prefix (site.getsitepackages: for /usr/local, /usr/local/lib/python3.X/dist-packages is on the
# default sys.path), and the installed copy imports and answers the README's one-line example.
set -euo pipefail
build_dir=$1 python=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build_dir" --prefix "$work/prefix" > "$work/install.log"
cd "$work"  # nothing of the build tree on sys.path
env -u PYTHONPATH "$python" - "$work/prefix" <<'PY'
import glob
import os
import site
import sys

prefix = sys.argv[1]
found = [d for d in site.getsitepackages([prefix]) if os.path.isdir(os.path.join(d, "wmmasim"))]
assert found, f"wmmasim is in none of {site.getsitepackages([prefix])}"
relative = os.path.relpath(found[0], prefix)
assert os.path.join("/usr/local", relative) in sys.path, f"/usr/local/{relative} is not on the default sys.path"
site.addsitedir(found[0])
import wmmasim

assert wmmasim.__file__.startswith(prefix), wmmasim.__file__
for name in ("__init__.pyi", "py.typed"):
    assert os.path.exists(os.path.join(os.path.dirname(wmmasim.__file__), name)), name
assert glob.glob(os.path.join(os.path.dirname(wmmasim.__file__), "_core*.so"))
print(wmmasim.builtin("v_wmma_f32_16x16x16_f16").layout("A").where("A[3][9]"), end="")
print(f"installed in {relative} under the prefix")
PY
