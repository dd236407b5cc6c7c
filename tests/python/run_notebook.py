"""Runs a notebook's code cells in order in one namespace, as a kernel would (Jupyter itself is not a
dependency): `run_notebook.py NOTEBOOK [ARGS...]`, with ARGS as the notebook's sys.argv."""
import json
import sys

path, *args = sys.argv[1:]
with open(path) as f:
    notebook = json.load(f)
sys.argv = [path, *args]
namespace = {"__name__": "__main__"}
for number, cell in enumerate(notebook["cells"]):
    if cell["cell_type"] == "code":
        exec(compile("".join(cell["source"]), f"{path} cell {number}", "exec"), namespace)
print(f"{path}: {sum(c['cell_type'] == 'code' for c in notebook['cells'])} code cells ran")
