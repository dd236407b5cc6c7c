"""wmmasim.builtins()/builtin(): the instruction table as the CLI lists it, names as the CLI resolves them."""
import re

import pytest
import wmmasim

from conftest import cli_sentence, run_cli


def cli_table():
    status, out, _ = run_cli("layout", "--list")
    assert status == 0
    rows = [re.split(r"\s{2,}", line.strip()) for line in out.splitlines()[1:]]
    return {r[0]: r for r in rows}


def test_every_builtin_has_the_facts_the_cli_lists():
    table = cli_table()
    builtins = wmmasim.builtins()
    assert sorted(b.full_name for b in builtins) == sorted(table)
    for b in builtins:
        name, arch, wave, family, shape, types, vgprs, cycles = table[b.full_name]
        assert (b.arch, str(b.wave)) == (arch, wave)
        assert family == b.family + (" (tied)" if b.tied else "")
        if b.family == "load_tr":
            assert vgprs == f"D {b.vgprs['D']}"
            continue
        assert shape == "x".join(map(str, b.shape))
        assert types == f"{b.types['A']} x {b.types['B']} -> {b.types['D']}"
        expected_vgprs = f"A{b.vgprs['A']} B{b.vgprs['B']} " + (f"C/D{b.vgprs['C']}" if "C" in b.vgprs else f"D{b.vgprs['D']}")
        if "index" in b.vgprs:
            expected_vgprs += f" idx{b.vgprs['index']}"
        assert vgprs == expected_vgprs
        assert cycles == str(b.cycles)


def test_filters_select_by_arch_family_and_wave():
    everything = wmmasim.builtins()
    rdna3 = wmmasim.builtins(arch="gfx11")
    assert rdna3 and all(b.arch == "gfx11" for b in rdna3)
    assert wmmasim.builtins(arch="rdna3") == rdna3
    sparse64 = wmmasim.builtins(family="swmmac", wave=64)
    assert len(sparse64) == 11 and all(b.family == "swmmac" and b.wave == 64 for b in sparse64)
    assert len(wmmasim.builtins(arch="gfx12")) + len(rdna3) == len(everything)


def test_names_resolve_as_in_the_cli():
    full = wmmasim.builtin("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12")
    assert wmmasim.builtin("wmma_f32_16x16x16_f16_w32_gfx12") == full
    assert wmmasim.builtin("v_wmma_f32_16x16x16_f16") == full
    assert wmmasim.builtin("wmma_f32_16x16x16_f16") == full
    w64 = wmmasim.builtin("v_wmma_f32_16x16x16_f16", wave=64)
    assert w64.name == "wmma_f32_16x16x16_f16_w64_gfx12" and w64.vgprs == {"A": 2, "B": 2, "C": 4, "D": 4}
    rdna3 = wmmasim.builtin("v_wmma_f32_16x16x16_f16", arch="gfx11")
    assert rdna3.name == "wmma_f32_16x16x16_f16_w32" and rdna3.cycles == 32
    assert full.counterpart == rdna3 and rdna3.counterpart == full


def test_facts_of_one_builtin():
    b = wmmasim.builtin("swmmac_i32_16x16x64_iu4_w32")
    assert b.shape == (16, 16, 64) and b.family == "swmmac" and b.arch == "gfx12"
    assert b.types == {"A": "iu4", "B": "iu4", "D": "i32", "index": "sparse_index"}
    assert b.vgprs == {"A": 2, "B": 4, "D": 8, "index": 1}
    assert b.operands == ["A", "B", "D", "index"]
    assert set(b.modifiers) == {"signed_a", "signed_b", "clamp", "index_key"}
    assert b.evidence == {"A": "documented", "B": "documented", "D": "documented", "index": "documented-contested"}
    assert b.ops == 2 * 16 * 16 * 64
    tr64 = wmmasim.builtin("global_load_tr_b128_v4f16")
    assert tr64.evidence == {"D": "unknown"}


def test_models_and_their_qualification():
    names = [m.name for m in wmmasim.models()]
    assert "gfx12-dot4" in names and "gfx11-dot2" in names
    b = wmmasim.builtin("wmma_f32_16x16x16_bf16_w32_gfx12")
    assert b.default_model == wmmasim.model("gfx12-dot4")
    assert b.default_model.hardware_qualified
    assert all(m.name in names for m in wmmasim.models(b))
    assert not wmmasim.model("exact-sum-rne").hardware_qualified


def test_bad_names_raise_the_cli_sentence():
    with pytest.raises(ValueError) as e:
        wmmasim.builtin("wmma_foo")
    assert str(e.value) == cli_sentence("layout", "--builtin", "wmma_foo")
    with pytest.raises(ValueError, match="exists on gfx12 but not on gfx11"):
        wmmasim.builtin("swmmac_f32_16x16x32_f16", arch="gfx11")
    with pytest.raises(ValueError) as e:
        wmmasim.builtin("wmma_f32_16x16x16_f16_w32_gfx12", wave=64)
    assert str(e.value) == ("__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12 is a wave32 builtin, but wave=64 was given")
    with pytest.raises(ValueError, match="unknown architecture 'gfx9'"):
        wmmasim.builtins(arch="gfx9")
    with pytest.raises(ValueError, match="wave size 16 is not supported"):
        wmmasim.builtin("v_wmma_f32_16x16x16_f16", wave=16)
    with pytest.raises(ValueError, match="unknown model 'fast'"):
        wmmasim.model("fast")
    with pytest.raises(ValueError, match="a builtin is a wmmasim.Builtin or a name"):
        wmmasim.mma(3, None, None)
