"""wmmasim.gemm: any shape equals the tile-by-tile chain of mma() calls a kernel would issue; threads
do not change bits; progress, Ctrl-C-style interruption and errors."""
import threading

import numpy as np
import pytest
import wmmasim


def chained_mma(b, a, bm, c):
    """D tile by tile: K chunks of the instruction's K in increasing order, each mma's D the next one's C,
    with zero padding at the edges (the kernel the matrix API stands for, written with mma())."""
    m, k = a.shape
    n = bm.shape[1]
    pad = lambda x, r, c: np.pad(x, ((0, r - x.shape[0]), (0, c - x.shape[1])))
    mp, np_, kp = -(-m // 16) * 16, -(-n // 16) * 16, -(-k // b.k) * b.k
    a, bm, c = pad(a, mp, kp), pad(bm, kp, np_), pad(c, mp, np_)
    d = np.zeros_like(c)
    for i in range(0, mp, 16):
        for j in range(0, np_, 16):
            acc = c[i:i + 16, j:j + 16]
            for q in range(0, kp, b.k):
                acc = wmmasim.mma(b, a[i:i + 16, q:q + b.k], bm[q:q + b.k, j:j + 16], acc, raw=True)
            d[i:i + 16, j:j + 16] = acc
    return d[:m, :n]


@pytest.mark.parametrize("name", ["wmma_f32_16x16x16_bf16_w32_gfx12", "wmma_f16_16x16x16_f16_w64_gfx12",
                                  "wmma_i32_16x16x32_iu4_w32_gfx12", "wmma_f32_16x16x16_f16_w32"])
def test_any_shape_equals_chained_mma(name):
    b = wmmasim.builtin(name)
    t = b.types
    m, n, k = 40, 24, 3 * b.k + 5
    a = wmmasim.random_matrix(m, k, t["A"], 9, 0)
    bm = wmmasim.random_matrix(k, n, t["B"], 9, 1)
    c = wmmasim.random_matrix(m, n, t["D"], 9, 2)
    d = wmmasim.gemm(b, a, bm, c, raw=True)
    assert d.shape == (m, n)
    assert np.array_equal(d, chained_mma(b, a, bm, c))


def test_threads_do_not_change_bits_and_progress_is_reported():
    b = wmmasim.builtin("wmma_f32_16x16x16_f16_w32_gfx12")
    a = wmmasim.random_matrix(256, 192, "f16", 4, 0).view(np.float16)
    bm = wmmasim.random_matrix(192, 128, "f16", 4, 1).view(np.float16)
    calls = []
    d1 = wmmasim.gemm(b, a, bm, threads=1)
    d2 = wmmasim.gemm(b, a, bm, threads=2, progress=lambda done, total: calls.append((done, total)))
    assert d1.dtype == np.float32 and np.array_equal(d1.view(np.uint32), d2.view(np.uint32))
    assert calls and calls[-1] == (128, 128) and all(0 <= done <= total == 128 for done, total in calls)


def test_swmmac_gemm_compresses_a_dense_sparse_a():
    b = wmmasim.builtin("swmmac_f32_16x16x32_f16_w32")
    rng = np.random.default_rng(2)
    a = rng.standard_normal((32, 64)).astype(np.float16)
    a.reshape(32, 16, 4)[:, :, 1:3] = 0  # keep K 4G and 4G+3 of every group
    bm = rng.standard_normal((64, 16)).astype(np.float16)
    d = wmmasim.gemm(b, a, bm)
    stored = a.reshape(32, 16, 4)[:, :, [0, 3]].reshape(32, 32)
    index = np.full((16, 8), 0 | 3 << 2, np.uint8)
    for i in (0, 16):
        acc = np.zeros((16, 16), np.float32)
        for q in (0, 1):
            acc = wmmasim.mma(b, stored[i:i + 16, 16 * q:16 * q + 16], bm[32 * q:32 * q + 32], acc, index=index)
        assert np.array_equal(d[i:i + 16].view(np.uint32), acc.view(np.uint32))


def test_an_exception_in_progress_stops_the_gemm():
    a = np.ones((512, 512), np.float16)

    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        wmmasim.gemm("wmma_f32_16x16x16_f16_w32_gfx12", a, a, threads=1, progress=stop)


def test_the_gil_is_released_while_it_runs():
    a = np.ones((768, 768), np.float16)
    ticks = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(1)
            done.wait(0.005)

    t = threading.Thread(target=ticker)
    t.start()
    wmmasim.gemm("wmma_f32_16x16x16_f16_w32_gfx12", a, a, threads=1)
    done.set()
    t.join()
    assert len(ticks) > 3  # the other thread ran Python code during the GEMM


def test_bad_gemm_inputs_raise_one_sentence():
    b = "wmma_f32_16x16x16_f16_w32_gfx12"
    a = np.ones((32, 16), np.float16)
    with pytest.raises(ValueError, match=r"^B is 32x16, expected 16x16$"):
        wmmasim.gemm(b, a, np.ones((32, 16), np.float16))
    with pytest.raises(ValueError, match=r"^C is 16x16, expected 32x16$"):
        wmmasim.gemm(b, a, np.ones((16, 16), np.float16), np.ones((16, 16), np.float32))
    with pytest.raises(ValueError, match=r"^threads = -1 is negative; pass None for all cores$"):
        wmmasim.gemm(b, a, a.T, threads=-1)
    with pytest.raises(ValueError, match=r"^progress must be callable as progress\(done, total\)$"):
        wmmasim.gemm(b, a, a.T, progress=3)
    with pytest.raises(ValueError, match="is nonzero|2:4|sparse"):
        wmmasim.gemm("swmmac_f32_16x16x32_f16_w32", np.ones((16, 32), np.float16), np.ones((32, 16), np.float16))
