"""Shared by the Python tests: the CLI built from the same sources is the reference they compare with."""
import os
import subprocess

import pytest

CLI = os.environ.get("WMMASIM_CLI", "wmmasim")
DATA = os.environ.get("WMMASIM_TEST_DATA", os.path.join(os.path.dirname(__file__), "..", "data"))


def run_cli(*args, stdin=None):
    """Runs `wmmasim ARGS`; returns (exit status, stdout, stderr)."""
    # Under ASan the interpreter runs with the sanitizer's shared runtime preloaded (tests/python/
    # CMakeLists.txt); the CLI carries its own, and two runtimes in one process stop it.
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    p = subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True, check=False, env=env)
    return p.returncode, p.stdout, p.stderr


def cli_sentence(*args, stdin=None):
    """The one-sentence error the CLI prints for bad input (exit status 2), without its program prefix."""
    status, _, err = run_cli(*args, stdin=stdin)
    assert status == 2, f"the CLI accepted {args}"
    line = err.strip().splitlines()[-1]
    return line.split(": ", 1)[1] if line.startswith("wmmasim") else line


@pytest.fixture
def fixtures_dir():
    return os.path.join(DATA, "fixtures")
