#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora into OUT/<target>/ from the hardware captures
(tests/data/fixtures), the committed seeds (tests/fuzz/seeds) and a list of layout queries.

Usage: make_seeds.py SOURCE_DIR OUT_DIR
"""
import glob
import json
import os
import shutil
import struct
import sys


def write(out, target, name, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def main(src, out):
    shutil.rmtree(out, ignore_errors=True)
    fixtures = sorted(glob.glob(os.path.join(src, "tests/data/fixtures/*.jsonl")))
    encodings = set()
    for path in fixtures:
        stem = os.path.splitext(os.path.basename(path))[0]
        with open(path, encoding="utf-8") as f:
            lines = [line for _, line in zip(range(400), f)]
        for i, line in enumerate(lines[:3]):
            write(out, "eval_jsonl_fuzz", f"{stem}_{i}.jsonl", line)
        write(out, "eval_jsonl_fuzz", f"{stem}_two_lines.jsonl", "".join(lines[3:5]))
        for line in lines:
            rec = json.loads(line)
            if isinstance(rec.get("encoding"), list):
                arch = 1 if rec["arch"].startswith("gfx11") else 0
                for wave in rec.get("wave_sizes") or [rec.get("wave_size") or 32]:
                    encodings.add((int(rec["encoding"][0], 16), int(rec["encoding"][1], 16), arch | (2 if wave == 64 else 0)))
    every = sorted(encodings)
    for i, (w0, w1, sel) in enumerate(every[:: max(1, len(every) // 200)]):
        write(out, "vop3p_fuzz", f"word_{i}", struct.pack("<IIB", w0, w1, sel))
    for target in ("runfile_fuzz", "calibration_fuzz", "layout_query_fuzz", "eval_jsonl_fuzz", "hip_prepass_fuzz", "check_shapes_fuzz"):
        for path in glob.glob(os.path.join(src, "tests/fuzz/seeds", target.replace("_fuzz", ""), "*")):
            with open(path, "rb") as f:
                write(out, target, os.path.basename(path), f.read())
    # Layout queries: instruction index, flags (bits 3-4: 0 where, 1 expand, 2 register), lane, vgpr, bit, text.
    queries = ["A[3][9]", "B[0][15]", "C[15][15]", "D[7][2]", "Ac[1][3]", "K[2][5]", "idx[0][1]", "in[4][4]", "A[-1][0]",
               "D[16][0]", "a[0][0]", "X[1][1]"]
    for n, q in enumerate(queries):
        for ins in (0, 7, 20, 41):
            write(out, "layout_query_fuzz", f"where_{n}_{ins}", bytes([ins, 0, 0, 0, 0]) + q.encode())
            write(out, "layout_query_fuzz", f"expand_{n}_{ins}", bytes([ins, 8, 0, 0, 0]) + q.encode())
    for ins in (0, 7, 20, 41):
        write(out, "layout_query_fuzz", f"register_{ins}", bytes([ins, 16 | 0x20 | 0x80, 17, 2, 16]))
    # The HIP pre-pass: the project's HIP sources as they are, and small preprocessed-style inputs
    # with line markers and the markers the headers leave (__wmmasim_shared__, __wmmasim_global__).
    for path in sorted(glob.glob(os.path.join(src, "examples/hip/*.hip")) + glob.glob(os.path.join(src, "tests/hip/programs/*.hip"))):
        with open(path, "rb") as f:
            write(out, "hip_prepass_fuzz", os.path.basename(path), f.read())
    snippets = [
        '# 1 "k.hip"\nvoid f() { k<<<g, 32>>>(a, b); }\n',
        '# 3 "g.hip"\nvoid f() {\n  ns::gemm<T<32, 32>, float>\n  <<<grid, dim3(128), 0, s>>>(dA, dB);\n}\n',
        'void k() { extern __wmmasim_shared__ __attribute__((aligned(16))) float tile[]; tile[0] = 1; }\n',
        'extern __wmmasim_shared__ int smem[];\nvoid k() { smem[1] = s.smem; }\n',
        'namespace app { __wmmasim_global__ void scale(float* p) {} }\ntemplate <class T> __wmmasim_global__ void f(T*) {}\n',
        'using f8 = float [[clang::ext_vector_type(8)]];\nconst char* s = "k<<<1,1>>>()"; char c = \'<\';\n',
        '__wmmasim_device__ void sync() {}\nnamespace n { extern __wmmasim_device__ int c; __wmmasim_constant__ float t[2] = {1, 2}; }\n',
        '__wmmasim_host__ __wmmasim_device__ int both();\n__wmmasim_device__ bool S::operator()(int) const { return 0; }\n'
        '__wmmasim_device__ int S::table[4] = {};\nauto f = [] __wmmasim_device__ (int x) { return x; };\n',
    ]
    for i, text in enumerate(snippets):
        write(out, "hip_prepass_fuzz", f"snippet_{i}.ii", text)
    # Module images (emulator/hip/runtime/module_image.hpp): a small ELF64 with a section table that
    # holds lowered names, wrapped in the image header; a GPU code object's header; an offload bundle.
    elf = module_elf([b"saxpy", b"_Z4kernIfEvPT_"])
    image = module_image(elf, b"gfx1201", 32)
    write(out, "hip_module_image_fuzz", "image", image)
    write(out, "hip_module_image_fuzz", "image_wave64_gfx1100", module_image(elf, b"gfx1100", 64))
    write(out, "hip_module_image_fuzz", "truncated", image[: len(image) - 9])
    write(out, "hip_module_image_fuzz", "elf_only", elf)
    write(out, "hip_module_image_fuzz", "gpu_code_object", b"\x7fELF\x02\x01\x01\x40" + bytes(10) + struct.pack("<H", 224) + bytes(44))
    write(out, "hip_module_image_fuzz", "offload_bundle", b"__CLANG_OFFLOAD_BUNDLE__" + bytes(40))
    return 0


def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def module_elf(names):
    """An ELF64 little-endian file of three sections: null, .shstrtab, .wmmasim_lowered_names."""
    shstrtab = b"\0.shstrtab\0.wmmasim_lowered_names\0"
    lowered = b"".join(n + b"\0" for n in names)
    body = shstrtab + lowered
    shoff = 64 + len(body)
    header = b"\x7fELF\x02\x01\x01" + bytes(9) + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, 3, 1)

    def section(name, kind, offset, size):
        return struct.pack("<IIQQQQIIQQ", name, kind, 0, 0, offset, size, 0, 0, 1, 0)

    sections = section(0, 0, 0, 0) + section(1, 3, 64, len(shstrtab)) + section(11, 1, 64 + len(shstrtab), len(lowered))
    return header + body + sections


def module_image(elf, arch, wave):
    return (b"WMMASIM MODULE\0\x01" + struct.pack("<IIQQ", 1, wave, len(elf), fnv1a64(elf)) + arch.ljust(16, b"\0") +
            bytes(8) + elf)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
