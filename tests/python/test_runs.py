"""Run files from Python: import, write, read and diff give what the CLI gives; predict_gemm is the
CLI's `cycles --gemm` prediction; bad files raise the reader's sentence and nothing is written."""
import json
import os

import numpy as np
import pytest
import wmmasim

from conftest import DATA, cli_sentence, run_cli

CAPTURES = os.path.join(DATA, "fixtures", "gfx1201_wmma_packed_matrices.jsonl")


def cli_import(tmp_path):
    out = tmp_path / "cli.json"
    status, _, err = run_cli("import", CAPTURES, "--out", str(out))
    assert status == 0, err
    return out


def test_import_write_read_round_trip_equals_the_cli(tmp_path):
    run = wmmasim.import_captures(CAPTURES)
    cli_file = cli_import(tmp_path)
    with open(cli_file) as f:
        assert run == json.load(f)
    path = tmp_path / "py.json"
    wmmasim.write_run(run, path)
    assert wmmasim.read_run(path) == run
    assert wmmasim.read_run(str(cli_file)) == run


def test_diff_against_the_emulator_equals_the_cli(tmp_path):
    run = wmmasim.import_captures(CAPTURES)
    report = wmmasim.diff(run)
    assert (report["compared"], report["mismatches"], report["errors"]) == (28 * 256, 0, 0)
    status, out, _ = run_cli("diff", str(cli_import(tmp_path)))
    assert status == 0 and out == report["text"]
    assert all(p["model"] == "gfx12-dot4" and p["hardware_qualified"] for p in report["programs"])


def test_diff_of_two_runs_names_the_changed_element(tmp_path):
    run = wmmasim.import_captures(CAPTURES)
    changed = json.loads(json.dumps(run))
    d = changed["programs"][3]["outputs"]["D"]
    d["bits"][5 * 16 + 2] = "0x%04x" % (int(d["bits"][5 * 16 + 2], 16) ^ 1)
    report = wmmasim.diff(run, changed)
    assert report["mismatches"] == 1
    (m,) = report["programs"][3]["mismatches"]
    assert (m["output"], m["row"], m["col"], m["ulps"]) == ("D", 5, 2, 1)
    place = wmmasim.builtin(run["programs"][3]["instruction"]).layout("D").where("D[5][2]")
    assert f"lane {m['lane']}, v{m['vgpr']}, bits [{m['bit_hi']}:{m['bit_lo']}]" in place
    wmmasim.write_run(run, tmp_path / "a.json")
    wmmasim.write_run(changed, tmp_path / "b.json")
    status, out, _ = run_cli("diff", str(tmp_path / "a.json"), str(tmp_path / "b.json"))
    assert status == 1 and out == report["text"]


def test_bad_run_files_raise_the_reader_sentence_and_write_nothing(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "wmmasim-run", "version": 7, "programs": []}))
    with pytest.raises(ValueError) as e:
        wmmasim.read_run(bad)
    assert str(e.value) == cli_sentence("diff", str(bad))
    target = tmp_path / "out.json"
    run = wmmasim.import_captures(CAPTURES)
    run["programs"][0]["wave_size"] = "thirty-two"
    with pytest.raises(ValueError, match=r"wave_size"):
        wmmasim.write_run(run, target)
    assert not target.exists() and os.listdir(tmp_path) == ["bad.json"]
    with pytest.raises(ValueError, match="not JSON-serialisable"):
        wmmasim.write_run({"programs": [np.zeros(2)]}, target)
    with pytest.raises(ValueError, match="holds a value JSON cannot carry"):
        wmmasim.write_run({"programs": [], "x": float("nan")}, target)
    with pytest.raises(ValueError):
        wmmasim.read_run(tmp_path / "missing.json")


def test_run_matrix_gives_numpy_bits():
    run = wmmasim.import_captures(CAPTURES)
    d = wmmasim.run_matrix(run["programs"][0]["outputs"]["D"])
    assert d.shape == (16, 16) and d.dtype == np.uint16
    assert d[0, 0] == int(run["programs"][0]["outputs"]["D"]["bits"][0], 16)


def test_predict_gemm_is_the_cli_prediction():
    p = wmmasim.predict_gemm("wmma_f32_16x16x16_bf16_w32_gfx12", k=512, macro_m=64, macro_n=64, waves=4,
                             wave_tiles_m=2, wave_tiles_n=2, blocks=2)
    status, out, err = run_cli("cycles", "--gemm", "--builtin", "wmma_f32_16x16x16_bf16_w32_gfx12", "--k", "512",
                               "--macro-tile", "64x64x32", "--waves", "4", "--wave-tiles", "2x2", "--blocks", "2",
                               "--format", "json")
    assert status == 0, err
    cli = json.loads(out)
    gemm = cli.pop("gemm")
    assert p["prediction"] == cli
    assert p["kernel_cycles"] == cli["kernel_cycles"] > 0
    for key in ("vgprs_per_wave", "lds_bytes_per_block", "resident_blocks", "flop_per_clk_per_cu", "fraction_of_peak"):
        assert p[key] == gemm[key]
    assert "not hardware-qualified" in p["model"] and p["model"] in p["report"]
    with pytest.raises(ValueError) as e:
        wmmasim.predict_gemm(k=500)
    assert str(e.value) == cli_sentence("cycles", "--gemm", "--k", "500")
