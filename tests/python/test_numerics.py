"""wmmasim.mma / execute and the conversions: mma equals `wmmasim eval` bit for bit on the hardware
captures and on random cases of every builtin; execute agrees with mma through the layouts; the
conversions equal numpy's IEEE float16 and the formats' definitions; bad input raises the sentence."""
import glob
import json
import os

import numpy as np
import pytest
import wmmasim

from conftest import DATA, cli_sentence, run_cli

RAW = {8: np.uint8, 16: np.uint16, 32: np.uint32, 4: np.uint8}
BITS = {"f16": 16, "bf16": 16, "f32": 32, "fp8": 8, "bf8": 8, "iu8": 8, "iu4": 4, "i32": 32}


def hex_matrix(m, fmt):
    return np.array([[int(x, 16) for x in row] for row in m], dtype=RAW[BITS[fmt]])


def as_hex(m, fmt):
    digits = (BITS[fmt] + 3) // 4
    return [[f"0x{int(x):0{digits}x}" for x in row] for row in m]


def evaluate(lines):
    """`wmmasim eval` on JSON lines: the output cases, in order."""
    status, out, err = run_cli("eval", stdin="".join(json.dumps(c) + "\n" for c in lines))
    assert status == 0, err
    return [json.loads(line) for line in out.splitlines()]


def mma_of_case(case, b, as_float16):
    """mma() on one eval case, the inputs given as numpy arrays (float16 or raw bits)."""
    t = b.types
    a, bm = hex_matrix(case["A"], t["A"]), hex_matrix(case["B"], t["B"])
    if "C" in case:
        c = hex_matrix(case["C"], t["D"])
    else:  # an inline constant as C
        c = np.full((16, 16), wmmasim.inline_constant(case["operands"]["src2"]["inline_selector"], t["D"]), RAW[BITS[t["D"]]])
    if as_float16 and t["A"] == "f16":
        a, bm = a.view(np.float16), bm.view(np.float16)
    mods = case.get("modifiers") or {}
    clamp = bool(mods.get("clamp", 0)) and t["A"] in ("iu8", "iu4")  # eval ignores CLAMP on float forms, as hardware does
    mode = int(case["mode"], 16) if case.get("mode") else 0
    neg = mods.get("neg")
    kwargs = {}
    if "index" in case:
        kwargs["index"] = np.array([[e[0] | e[1] << 2 for e in row] for row in case["index"]], dtype=np.uint8)
        k = b.k
        a = np.array([[a[i, 4 * g + e[s]] for g, e in enumerate(case["index"][i]) for s in (0, 1)] for i in range(16)],
                     dtype=a.dtype)
        assert a.shape == (16, k // 2)
    if t["A"] in ("iu8", "iu4"):
        kwargs["signed"] = (bool(neg[0]), bool(neg[1])) if neg else (False, False)
        neg = None
    return wmmasim.mma(b, a, bm, c, neg=neg, neg_hi=mods.get("neg_hi"), clamp=clamp, fp16_ovfl=bool(mode >> 23 & 1),
                       raw=True, **kwargs)


def check_against_eval(cases):
    compared = 0
    for i, case in enumerate(evaluate(cases)):
        waves = case.get("wave_sizes") or [case.get("wave_size") or 32]
        for w in waves:
            arch = "gfx11" if str(case.get("arch", "gfx12")).startswith("gfx11") else "gfx12"
            full = case["instruction"].startswith("__")  # a full builtin name fixes wave and arch
            b = wmmasim.builtin(case["instruction"], wave=None if full else w, arch=None if full else arch)
            want = hex_matrix(case.get(f"d_wave{w}", case["d"]), b.types["D"])
            got = mma_of_case(case, b, as_float16=i % 2 == 0)
            assert got.dtype == want.dtype
            assert np.array_equal(got, want), f"{case.get('id', i)} wave{w}: mma differs from wmmasim eval"
            compared += 1
    return compared


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(DATA, "fixtures", "*wmma*.jsonl"))), ids=os.path.basename)
def test_mma_equals_eval_on_the_hardware_captures(path):
    with open(path) as f:
        cases = [json.loads(line) for line in f if line.strip()]
    assert check_against_eval(cases) >= len(cases)


def random_case(b, seed):
    """A case of random raw bits for builtin b (SWMMAC: a dense 2:4-sparse A and its index)."""
    t = b.types
    a = wmmasim.random_matrix(16, b.k, t["A"], seed, 0)
    bm = wmmasim.random_matrix(b.k, 16, t["B"], seed, 1)
    c = wmmasim.random_matrix(16, 16, t["D"], seed, 2)
    case = {"id": f"{b.name}/{seed}", "instruction": b.full_name, "A": a, "B": as_hex(bm, t["B"]), "C": as_hex(c, t["D"])}
    if b.family == "swmmac":
        rng = np.random.default_rng(seed)
        pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
        index = [[list(pairs[rng.integers(6)]) for _ in range(b.k // 4)] for _ in range(16)]
        for i in range(16):
            for g, (i0, i1) in enumerate(index[i]):
                for p in range(4):
                    if p not in (i0, i1):
                        a[i, 4 * g + p] = 0
        case["index"] = index
    if t["A"] in ("iu8", "iu4"):
        case["modifiers"] = {"neg": [seed & 1, seed >> 1 & 1, 0], "clamp": seed & 1}
    case["A"] = as_hex(a, t["A"])
    return case


def test_mma_equals_eval_on_random_cases_of_every_builtin():
    cases = [random_case(b, seed) for b in wmmasim.builtins() if b.family != "load_tr" for seed in (1, 2, 3)]
    assert check_against_eval(cases) == len(cases)


def test_swmmac_dense_a_equals_stored_a_with_index():
    b = wmmasim.builtin("swmmac_f32_16x16x32_f16_w32")
    case = random_case(b, 7)
    dense = hex_matrix(case["A"], "f16")
    from_dense = wmmasim.mma(b, dense, hex_matrix(case["B"], "f16"), hex_matrix(case["C"], "f32"), raw=True)
    assert np.array_equal(from_dense, mma_of_case(case, b, as_float16=False))


def test_outputs_have_natural_dtypes():
    ones = np.ones((16, 16), np.float16)
    d = wmmasim.mma("wmma_f32_16x16x16_f16_w32_gfx12", ones, ones)
    assert d.dtype == np.float32 and np.all(d == 16.0)
    d16 = wmmasim.mma("wmma_f16_16x16x16_f16_w32_gfx12", ones, ones, np.full((16, 16), 0.5, np.float16))
    assert d16.dtype == np.float16 and np.all(d16 == 16.5)
    bf = wmmasim.to_bits(np.ones((16, 16), np.float32), "bf16")
    dbf = wmmasim.mma("wmma_bf16_16x16x16_bf16_w32_gfx12", bf, bf, bf)
    assert dbf.dtype == np.uint16 and np.all(dbf == 0x4188)  # 17.0 in bf16
    i8 = np.full((16, 16), -2, np.int8)
    di = wmmasim.mma("wmma_i32_16x16x16_iu8_w32_gfx12", i8, i8, np.full((16, 16), 5, np.int32))
    assert di.dtype == np.int32 and np.all(di == 16 * 4 + 5)
    du = wmmasim.mma("wmma_i32_16x16x16_iu8_w32_gfx12", i8.view(np.uint8), i8.view(np.uint8))  # uint8: unsigned 254
    assert np.all(du == 16 * 254 * 254)
    i4 = np.full((16, 16), -8, np.int8)
    assert np.all(wmmasim.mma("wmma_i32_16x16x16_iu4_w32_gfx12", i4, i4) == 16 * 64)
    assert np.all(wmmasim.mma("wmma_i32_16x16x16_iu4_w32_gfx12", i4, i4, signed=(False, True)) == 16 * 8 * -8)


def pack_lanes(layout, matrix_bits):
    """Register words of every lane from raw bits ((rows, cols), or (keys, rows, cols) for the index
    operand), through the layout's inverse arrays (the packing is the test's own)."""
    offset = int(layout.bit_lo.min())  # RDNA3 16-bit C/D with opsel 1: the high half
    keyed = matrix_bits.ndim == 3
    words = np.zeros((layout.lanes, layout.vgprs), np.uint64)
    for lane in range(layout.lanes):
        for v in range(layout.vgprs):
            for s in range(layout.elements_per_vgpr):
                r, c, k = (int(x[lane, v, s]) for x in (layout.element_row, layout.element_col, layout.element_key))
                if r >= 0:
                    value = int(matrix_bits[k, r, c] if keyed else matrix_bits[r, c])
                    words[lane, v] |= np.uint64(value << (offset + s * layout.element_bits))
    return words.astype(np.uint32)


def unpack_lanes(layout, words):
    m = np.zeros((layout.rows, layout.cols), np.uint32)
    mask = (1 << layout.element_bits) - 1
    for r in range(layout.rows):
        for c in range(layout.cols):
            m[r, c] = int(words[layout.lane[r, c], layout.vgpr[r, c]]) >> int(layout.bit_lo[r, c]) & mask
    return m


@pytest.mark.parametrize("name, opsel", [("wmma_f32_16x16x16_f16_w32_gfx12", 0), ("wmma_f16_16x16x16_f16_w64_gfx12", 0),
                                         ("wmma_i32_16x16x32_iu4_w32_gfx12", 0), ("wmma_f16_16x16x16_f16_w32", 1),
                                         ("wmma_bf16_16x16x16_bf16_tied_w32", 1), ("wmma_f32_16x16x16_fp8_bf8_w64_gfx12", 0)])
def test_execute_on_lanes_equals_mma(name, opsel):
    b = wmmasim.builtin(name)
    t = b.types
    a = wmmasim.random_matrix(16, b.k, t["A"], 5, 0)
    bm = wmmasim.random_matrix(b.k, 16, t["B"], 5, 1)
    c = wmmasim.random_matrix(16, 16, t["D"], 5, 2)
    la, lb = b.layout("A"), b.layout("B")
    lc, ld = b.layout("C", opsel=opsel), b.layout("D", opsel=opsel)
    c_words = pack_lanes(lc, c)
    d_words = wmmasim.execute(b, pack_lanes(la, a), pack_lanes(lb, bm), c_words, opsel=opsel)
    assert d_words.shape == (b.wave, b.vgprs["D"]) and d_words.dtype == np.uint32
    want = wmmasim.mma(b, a, bm, c, raw=True)
    assert np.array_equal(unpack_lanes(ld, d_words), want.astype(np.uint32))
    if b.tied:  # the unselected half keeps C
        assert np.array_equal(d_words & 0xFFFF, c_words & 0xFFFF)


def test_execute_swmmac_with_index_register():
    b = wmmasim.builtin("swmmac_f32_16x16x32_bf16_w32")
    case = random_case(b, 11)
    stored_index = np.array([[e[0] | e[1] << 2 for e in row] for row in case["index"]], np.uint32)
    li = b.layout("index")
    sets = np.zeros((li.keys, 16, b.k // 4), np.uint32)
    sets[1] = stored_index  # the set index_key=1 selects
    index_words = pack_lanes(li, sets)
    dense, bm, c = hex_matrix(case["A"], "bf16"), hex_matrix(case["B"], "bf16"), hex_matrix(case["C"], "f32")
    stored = np.array([[dense[i, 4 * g + e[s]] for g, e in enumerate(case["index"][i]) for s in (0, 1)] for i in range(16)],
                      np.uint16)
    d = wmmasim.execute(b, pack_lanes(b.layout("A"), stored), pack_lanes(b.layout("B"), bm), pack_lanes(b.layout("D"), c),
                        index=index_words[:, 0], index_key=1)
    assert np.array_equal(unpack_lanes(b.layout("D"), d), wmmasim.mma(b, dense, bm, c, raw=True))


def test_f16_conversions_equal_ieee_float16():
    every = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
    widened = wmmasim.to_float(every, "f16")
    reference = every.view(np.float16).astype(np.float32)
    finite = ~np.isnan(reference)
    assert np.array_equal(widened[finite].view(np.uint32), reference[finite].view(np.uint32))
    assert np.all(np.isnan(widened[~finite]))
    rng = np.random.default_rng(3)
    x = (rng.standard_normal(200000) * np.exp2(rng.integers(-30, 20, 200000))).astype(np.float32)
    with np.errstate(over="ignore"):  # numpy warns about the values that round to infinity
        reference = x.astype(np.float16).view(np.uint16)
    assert np.array_equal(wmmasim.to_bits(x, "f16"), reference)


def test_conversions_round_to_nearest_even_as_the_formats_define():
    # bf16 keeps the top 16 bits of f32; ties go to the even significand.
    x = np.array([1.0, 1 + 2**-8, 1 + 3 * 2**-8, -2.0, 3.0e38, 65504.0], np.float32)
    assert list(wmmasim.to_bits(x, "bf16")) == [0x3F80, 0x3F80, 0x3F82, 0xC000, 0x7F62, 0x4780]
    # OCP E4M3: largest finite 448 (0x7e); above it rounds to NaN (0x7f) unless saturating.
    e4m3 = np.array([1.0, 448.0, 1000.0, 2**-9, 0.0], np.float32)
    assert list(wmmasim.to_bits(e4m3, "fp8")) == [0x38, 0x7E, 0x7F, 0x01, 0x00]
    assert list(wmmasim.to_bits(e4m3, "fp8", saturate=True)) == [0x38, 0x7E, 0x7E, 0x01, 0x00]
    # OCP E5M2: largest finite 57344 (0x7b), overflow to inf (0x7c).
    assert list(wmmasim.to_bits(np.array([1.0, 57344.0, 1e6], np.float32), "bf8")) == [0x3C, 0x7B, 0x7C]
    assert list(wmmasim.to_float(np.array([0x38, 0x7E, 0x01], np.uint8), "fp8")) == [1.0, 448.0, 2**-9]
    assert list(wmmasim.ulp_distance(np.array([0x3C00]), np.array([0x3C03]), "f16")) == [3]
    assert wmmasim.inline_constant(240, "f16") == 0x3800 and wmmasim.inline_constant(193, "i32") == 0xFFFFFFFF
    # float32 inputs of mma are rounded the same way.
    b = wmmasim.builtin("wmma_f32_16x16x16_bf16_w32_gfx12")
    x32 = np.full((16, 16), 1 + 3 * 2**-8, np.float32)
    assert np.array_equal(wmmasim.mma(b, x32, x32), wmmasim.mma(b, wmmasim.to_bits(x32, "bf16"), wmmasim.to_bits(x32, "bf16")))


def test_bad_inputs_raise_one_sentence():
    b = wmmasim.builtin("wmma_f32_16x16x16_f16_w32_gfx12")
    ok = np.zeros((16, 16), np.float16)
    cases = [
        (lambda: wmmasim.mma(b, ok.astype(np.float64), ok),
         "A has dtype float64, but f16 elements are given as float16, float32 (rounded to nearest even) or uint16 raw bits"),
        (lambda: wmmasim.mma(b, ok[:, :8], ok), "A is 16x8, expected 16x16"),
        (lambda: wmmasim.mma(b, ok, ok[0]), "B must be a 2-D array (rows x columns), not 1-D"),
        (lambda: wmmasim.mma(b, ok, ok, np.zeros((16, 16), np.int32)),
         "C has dtype int32, but f32 elements are given as float32 or uint32 raw bits"),
        (lambda: wmmasim.mma("wmma_i32_16x16x16_iu4_w32_gfx12", np.full((16, 16), 9, np.int8), np.zeros((16, 16), np.int8)),
         "A holds 9, outside the signed 4-bit range -8..7"),
        (lambda: wmmasim.mma(b, ok, ok, neg=(1, 0)), "neg must be three flags (A, B, C) or a 3-bit mask"),
        (lambda: wmmasim.mma(b, ok, ok, signed=(True, True)),
         "signed= applies to integer (iu8/iu4) builtins, not __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12"),
        (lambda: wmmasim.execute(b, np.zeros((32, 3), np.uint32), np.zeros((32, 4), np.uint32)),
         "a must have shape (32, 4) = (lanes, VGPRs of the operand)"),
        (lambda: wmmasim.to_bits(np.zeros(3), "f16"), "x has dtype float64, expected float32 or float16 (convert float64 with .astype(numpy.float32))"),
        (lambda: wmmasim.to_bits(np.zeros(3, np.float32), "f12"),
         "unknown element format 'f12'; expected f16, bf16, f32, fp8, bf8, iu8, iu4 or i32"),
        (lambda: wmmasim.ulp_distance(np.float32([1.0]), np.float32([2.0]), "f32"),
         "x has dtype float32; raw bits are unsigned integers (see to_bits)"),
        (lambda: wmmasim.mma("swmmac_f32_16x16x32_f16_w32", ok, np.zeros((32, 16), np.float16), index=np.zeros((16, 4), np.uint8)),
         "index must be 16x8 (one field per row and dense group of four K)"),
        (lambda: wmmasim.mma("swmmac_f32_16x16x32_f16_w32", ok, np.zeros((32, 16), np.float16), index=np.full((16, 8), 16)),
         "index holds 16; each field is idx0 | idx1 << 2, in 0..15"),
        (lambda: wmmasim.execute(b, np.zeros((32, 4), np.uint32), np.zeros((32, 4), np.uint32), inline_c=17),
         "inline constant selector 17 is not a VOP3P inline constant (expected 128-208 or 240-248)."),
        (lambda: wmmasim.predict_gemm(3), "a builtin is a wmmasim.Builtin or a name such as "
                                          "'wmma_f32_16x16x16_f16_w32_gfx12', not a int"),
        (lambda: wmmasim.mma("global_load_tr_b128_v8f16", ok, ok), "__builtin_amdgcn_global_load_tr_b128_v8f16 is a transposing load, not a matrix multiply"),
    ]
    for call, sentence in cases:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == sentence


def test_model_errors_are_the_cli_sentences():
    b = wmmasim.builtin("wmma_f32_16x16x16_f16_w32_gfx12")
    ok = np.zeros((16, 16), np.float16)
    with pytest.raises(ValueError) as e:
        wmmasim.mma(b, ok, ok, model="fast")
    assert str(e.value) == cli_sentence("eval", "--model", "fast", stdin="")
    case = {"instruction": b.name, "A": as_hex(ok.view(np.uint16), "f16"), "B": as_hex(ok.view(np.uint16), "f16"),
            "C": as_hex(np.zeros((16, 16), np.uint32), "f32")}
    for model, mods in (("gfx11-dot2", {}), ("exact-int", {})):
        with pytest.raises(ValueError) as e:
            wmmasim.mma(b, ok, ok, model=model)
        status, _, err = run_cli("eval", "--model", model, stdin=json.dumps(case) + "\n")
        assert status == 2 and err.strip().endswith(str(e.value))
    i8 = np.zeros((16, 16), np.int8)
    with pytest.raises(ValueError) as e:
        wmmasim.mma("wmma_i32_16x16x16_iu8_w32_gfx12", i8, i8, neg_hi=(1, 0, 0))
    iu8_case = {**case, "instruction": "wmma_i32_16x16x16_iu8_w32_gfx12", "A": as_hex(i8, "iu8"), "B": as_hex(i8, "iu8"),
                "C": as_hex(np.zeros((16, 16), np.uint32), "i32"), "modifiers": {"neg_hi": [1, 0, 0]}}
    status, _, err = run_cli("eval", stdin=json.dumps(iu8_case) + "\n")
    assert status == 2 and err.strip() == "wmmasim eval: line 1: " + str(e.value)
    with pytest.raises(ValueError, match=r"does not accept CLAMP \(LLVM rejects it on float forms"):
        wmmasim.mma(b, ok, ok, clamp=True)


def test_caveats_are_those_eval_attaches():
    cases = []
    for name in ("wmma_f32_16x16x16_fp8_bf8_w32_gfx12", "swmmac_f32_16x16x32_bf16_w32", "wmma_i32_16x16x16_iu8_w32_gfx12",
                 "wmma_f32_16x16x16_f16_w32"):
        case = random_case(wmmasim.builtin(name), 4)
        if "fp8" in name:
            case["modifiers"] = {"neg": [0, 0, 1], "neg_hi": [0, 0, 1]}
        cases.append(case)
    for case in evaluate(cases):
        mods = case.get("modifiers", {})
        b = wmmasim.builtin(case["instruction"])
        kwargs = {"signed": (bool(mods["neg"][0]), bool(mods["neg"][1])), "clamp": bool(mods["clamp"])} \
            if b.types["A"] == "iu8" else {"neg": mods.get("neg"), "neg_hi": mods.get("neg_hi")}
        assert wmmasim.caveats(b, **kwargs) == case["caveats"], case["id"]
    assert any(case["caveats"] for case in evaluate(cases))
