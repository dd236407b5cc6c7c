"""The type stubs describe the module that is built: every public name, class member and keyword
argument of the stubs exists in wmmasim, and every public name of wmmasim is in the stubs."""
import ast
import inspect
import os
import re

import wmmasim

STUB = os.path.join(os.path.dirname(wmmasim.__file__), "__init__.pyi")


def stub_tree():
    with open(STUB) as f:
        return ast.parse(f.read())


def pybind_parameters(fn):
    """Parameter names from a pybind11 signature line, e.g. 'mma(builtin: object, A: object, *, index: ...)'."""
    first = (fn.__doc__ or "").splitlines()[0]
    inside = first[first.index("(") + 1:first.rindex(")")]
    return [m.group(1) for m in re.finditer(r"(?:^|, )\*?(\w+)(?=:|,|$)", inside) if m.group(1) not in ("self",)]


def test_every_public_name_is_stubbed_and_exists():
    tree = stub_tree()
    stubbed = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    assert set(wmmasim.__all__) == stubbed
    for name in stubbed:
        assert hasattr(wmmasim, name), name


def test_class_members_and_keywords_match():
    tree = stub_tree()
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            cls = getattr(wmmasim, node.name)
            for member in node.body:
                if isinstance(member, ast.FunctionDef):
                    assert hasattr(cls, member.name), f"{node.name}.{member.name}"
        elif isinstance(node, ast.FunctionDef) and node.name != "run_matrix":
            fn = getattr(wmmasim, node.name)
            stub_args = [a.arg for a in node.args.args + node.args.kwonlyargs]
            assert stub_args == pybind_parameters(fn), node.name


def test_help_is_useful():
    for name in ("mma", "gemm", "execute", "builtin", "to_bits", "diff", "predict_gemm"):
        doc = inspect.getdoc(getattr(wmmasim, name))
        assert doc and len(doc.splitlines()) >= 2, name
    assert "where" in wmmasim.Layout.where.__doc__.lower()
    assert "ValueError" in wmmasim.__doc__
