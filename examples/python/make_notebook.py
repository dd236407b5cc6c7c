"""Writes the notebook beside a percent-format script ('# %%' code cells, '# %% [markdown]' text
cells), so that the script CTest runs and the notebook people open are one source.

    python3 make_notebook.py bf16_gemm_rdna4_vs_rdna3.py       # writes bf16_gemm_rdna4_vs_rdna3.ipynb
    python3 make_notebook.py --check bf16_gemm_rdna4_vs_rdna3.py  # exit 1 if the notebook is stale
"""
import json
import sys


def cells_of(script_text):
    cells, kind, lines = [], None, []

    def flush():
        while lines and not lines[-1].strip():
            lines.pop()
        if kind is not None and lines:
            source = [line + "\n" for line in lines]
            source[-1] = source[-1].rstrip("\n")
            cell = {"cell_type": kind, "metadata": {}, "source": source}
            if kind == "code":
                cell.update(execution_count=None, outputs=[])
            cells.append(cell)

    for line in script_text.splitlines():
        if line.startswith("# %%"):
            flush()
            kind, lines = ("markdown" if "[markdown]" in line else "code"), []
        elif kind == "markdown":
            lines.append(line[2:] if line.startswith("# ") else line.lstrip("#"))
        elif kind == "code":
            lines.append(line)
    flush()
    return cells


def notebook_of(script_text):
    return {
        "cells": cells_of(script_text),
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 4,  # 4.5 would require cell ids
    }


def main(argv):
    check = "--check" in argv
    script = [a for a in argv if a != "--check"][0]
    with open(script) as f:
        text = json.dumps(notebook_of(f.read()), indent=1) + "\n"
    target = script[:-3] + ".ipynb"
    if check:
        with open(target) as f:
            if f.read() != text:
                print(f"{target} is stale; regenerate it with: python3 make_notebook.py {script}")
                return 1
        print(f"{target} is up to date")
        return 0
    with open(target, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
