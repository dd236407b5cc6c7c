"""wmmasim.Layout: the numpy arrays equal the CLI's CSV for every operand of every builtin, the
inverse arrays agree with them, and the printed views and queries are the CLI's."""
import numpy as np
import pytest
import wmmasim

from conftest import cli_sentence, run_cli


def variants():
    """(builtin, operand, options) for every layout the CLI can print as CSV."""
    for b in wmmasim.builtins():
        for op in b.operands:
            if b.evidence[op] == "unknown":
                continue
            yield b, op, {}
            if b.family == "wmma" and op in ("A", "B"):
                yield b, op, {"labelling": "contig16"}
            if "opsel" in b.modifiers and op in ("C", "D"):
                yield b, op, {"opsel": 1}
            if op == "index" and b.layout(op).keys > 1:
                yield b, op, {"key": 1}


def cli_args(b, op, options):
    args = ["layout", "--builtin", b.full_name, "--operand", op]
    for key, value in options.items():
        args += [f"--{key}", str(value)]
    return args


@pytest.mark.parametrize("b, op, options", list(variants()), ids=lambda v: v.name if hasattr(v, "name") else str(v))
def test_places_equal_the_cli_csv(b, op, options):
    status, out, err = run_cli(*cli_args(b, op, options), "--format", "csv")
    assert status == 0, err
    lines = out.strip().splitlines()
    layout = b.layout(op, **options)
    assert lines[0] == ",".join(layout.place_columns)
    expected = np.array([[int(x) for x in line.split(",")] for line in lines[1:]], dtype=np.int32)
    assert np.array_equal(layout.places(), expected)


@pytest.mark.parametrize("b", [b for b in wmmasim.builtins() if b.evidence["D"] != "unknown"], ids=lambda b: b.name)
def test_arrays_and_inverse_agree_with_the_places(b):
    for op in b.operands:
        layout = b.layout(op)
        table = layout.places()
        keyed = op == "index"
        rows, cols = table[:, 0], table[:, 1]
        keys = table[:, 2] if keyed else np.zeros_like(rows)
        lane, vgpr, bit_lo, bit_hi = (table[:, i] for i in range(table.shape[1] - 4, table.shape[1]))
        # Every place of the table holds its element, read back through the inverse arrays.
        slot = (bit_lo - bit_lo.min()) // layout.element_bits
        assert np.array_equal(layout.element_row[lane, vgpr, slot], rows)
        assert np.array_equal(layout.element_col[lane, vgpr, slot], cols)
        assert np.array_equal(layout.element_key[lane, vgpr, slot], keys)
        assert np.all(bit_hi - bit_lo + 1 == layout.element_bits)
        # Every element has exactly `replicas` places, and the arrays name one of them.
        assert len(table) == layout.rows * layout.cols * layout.keys * layout.replicas
        index = (keys, rows, cols) if keyed else (rows, cols)
        first = np.zeros(layout.lane.shape, dtype=bool)
        named = (layout.lane[index] == lane) & (layout.vgpr[index] == vgpr) & (layout.bit_lo[index] == bit_lo)
        np.logical_or.at(first, index, named)  # replicated elements: any of their places
        assert first.all()
        # Slots that hold nothing are -1 in all three inverse arrays.
        empty = layout.element_row < 0
        assert np.array_equal(empty, layout.element_col < 0)
        held = (~empty).sum()
        assert held == len(table)


def test_element_at_and_shapes():
    a = wmmasim.builtin("wmma_f32_16x16x16_f16_w32_gfx12").layout("A")
    assert (a.rows, a.cols, a.lanes, a.vgprs, a.elements_per_vgpr, a.replicas) == (16, 16, 32, 4, 2, 1)
    assert a.lane.shape == (16, 16) and a.element_row.shape == (32, 4, 2)
    assert a.element_at(3, 2, 16) == (3, 9)
    assert a.element_at(3, 2, 31) == (3, 9)
    assert a.element_at(3, 9, 0) is None
    r3 = wmmasim.builtin("wmma_f32_16x16x16_f16_w32").layout("A")
    assert r3.replicas == 2 and r3.lane[3, 9] == 3
    idx = wmmasim.builtin("swmmac_f32_16x16x32_f16_w32").layout("index")
    assert idx.lane.shape == (idx.keys, 16, 8) and idx.keys == 2


def test_views_and_queries_are_the_cli_output():
    b = wmmasim.builtin("v_wmma_f32_16x16x16_f16")
    a = b.layout("A")
    base = ["layout", "--builtin", "v_wmma_f32_16x16x16_f16"]
    assert a.where("A[3][9]") == run_cli(*base, "--where", "A[3][9]")[1]
    assert b.where("A[3][9]", labelling="contig16") == run_cli(*base, "--where", "A[3][9]", "--labelling", "contig16")[1]
    assert b.layout("A", labelling="contig16").where("A[3][9]") != a.where("A[3][9]")
    assert b.expand("D[11][1]") == run_cli(*base, "--expand", "D[11][1]")[1]
    assert b.register(17, 2) == run_cli(*base, "--lane", "17", "--vgpr", "2")[1]
    assert a.svg() == run_cli(*base, "--operand", "A", "--format", "svg")[1]
    assert a.svg().startswith("<svg") or a.svg().startswith("<?xml")
    assert a._repr_svg_() == a.svg()
    assert a._repr_html_().startswith("<svg") and a.svg().endswith(a._repr_html_())
    assert b.html() == run_cli(*base, "--format", "html")[1]
    assert b._repr_html_() == b.html() and a.html() == b.html()
    assert a.csv() == run_cli(*base, "--operand", "A", "--format", "csv")[1]
    assert a.markdown() == run_cli(*base, "--operand", "A", "--format", "markdown")[1]
    assert a.ascii(80) == run_cli(*base, "--operand", "A", "--width", "80")[1]
    assert a.json() == run_cli(*base, "--operand", "A", "--format", "json")[1]
    assert b.json() == run_cli(*base, "--format", "json")[1]


def test_rdna3_and_rdna4_a_layouts_differ():
    rdna4 = wmmasim.builtin("v_wmma_f32_16x16x16_f16").layout("A")
    rdna3 = wmmasim.builtin("v_wmma_f32_16x16x16_f16", arch="gfx11").layout("A")
    # RDNA3 keeps all 16 K of a row in one lane (8 VGPRs); RDNA4 splits K over two lane groups.
    assert set(rdna3.lane[3]) == {3}
    assert set(rdna4.lane[3]) == {3, 19}


def test_bad_layout_requests_raise_the_cli_sentence():
    b = wmmasim.builtin("wmma_f32_16x16x16_f16_w32_gfx12")
    with pytest.raises(ValueError) as e:
        b.layout("E")
    assert str(e.value) == cli_sentence("layout", "--builtin", b.name, "--operand", "E")
    s = wmmasim.builtin("swmmac_f32_16x16x32_f16_w32")
    with pytest.raises(ValueError) as e:
        s.layout("A", labelling="contig16")
    assert str(e.value) == cli_sentence("layout", "--builtin", s.name, "--operand", "A", "--labelling", "contig16")
    with pytest.raises(ValueError) as e:
        s.layout("index", key=2)
    assert str(e.value) == cli_sentence("layout", "--builtin", s.name, "--operand", "index", "--key", "2")
    with pytest.raises(ValueError) as e:
        b.where("A[3][99]")
    assert str(e.value) == cli_sentence("layout", "--builtin", b.name, "--where", "A[3][99]")
    with pytest.raises(ValueError) as e:
        wmmasim.builtin("global_load_tr_b128_v4f16").layout("D")
    assert str(e.value) == cli_sentence("layout", "--builtin", "global_load_tr_b128_v4f16", "--operand", "D", "--format", "csv")
    with pytest.raises(ValueError, match="unknown labelling 'k-major'"):
        b.layout("A", labelling="k-major")
    with pytest.raises(ValueError, match="opsel 1 selects the register half"):
        b.layout("D", opsel=1)
