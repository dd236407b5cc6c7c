#!/usr/bin/env python3
"""Keeps emulator/hip/include/wmmasim/hip/detail/amdgcn_builtin_list.hpp (the list of every
__builtin_amdgcn_* clang-19 knows and what the CPU emulator does with it) true:

  clang   LIBCLANG      the list names exactly the builtins in clang-19's own library, and for each of
                        gfx1201 / gfx1100, wave32 / wave64 a device compile accepts a builtin exactly
                        when its row says so (refusing it with the row's target feature)
  docs    DOCS          the table in docs/hip-on-cpu.md is the list's rendering
  headers HIPCC         a program built by wmmasim-hipcc for each target compiles a call to each
                        builtin the row emulates, and refuses every other call with the row's sentence
  dpp     HIPCC         every dpp_ctrl value (-1 .. 0x201) that clang-19's backend refuses for gfx1201
                        and gfx1100 (and why: wave shift, broadcast, other) is the set wmmasim-hipcc
                        refuses at the call, for the same reason
  write-docs DOCS       rewrites the table from the list

Usage: amdgcn_builtin_list_check.py LIST MODE ARG [--work DIR]
"""
import os
import re
import subprocess
import sys

ROW = re.compile(r'^\s*X\((\w+), (\w+), \(([^)]*)\), \((\d), (\d), (\d), (\d)\), "([^"]*)", (\w+), "((?:[^"\\]|\\.)*)"\)')
CONFIGS = [("gfx1201", 32), ("gfx1201", 64), ("gfx1100", 32), ("gfx1100", 64)]
BEGIN, END = "<!-- amdgcn-builtins:begin -->", "<!-- amdgcn-builtins:end -->"


def read_list(path):
    rows = []
    for line in open(path):
        m = ROW.match(line)
        if m:
            rows.append(dict(name=m.group(1), result=m.group(2),
                             params=[p.strip() for p in m.group(3).split(",") if p.strip()],
                             targets=[m.group(i) == "1" for i in range(4, 8)], feature=m.group(8),
                             how=m.group(9), note=m.group(10).replace('\\"', '"')))
    if not rows:
        sys.exit(f"{path}: no rows found")
    return rows


# ---- types of the list as C++ declarations -----------------------------------------------------------
SCALAR = {"bool": "bool", "u8": "unsigned char", "u16": "unsigned short", "i16": "short", "u32": "unsigned int",
          "i32": "int", "u64": "unsigned long", "i64": "long", "f16": "__fp16", "bf16": "__bf16", "f32": "float",
          "f64": "double", "void": "void", "rsrc": "__amdgpu_buffer_rsrc_t"}
SPACE = {"global": 1, "lds": 3, "constant": 4}


class Types:
    """Typedefs for the list's types (vectors and address-space pointers need them)."""

    def __init__(self, cpu):
        self.cpu = cpu  # the CPU compile spells f16 as _Float16 (x86's __fp16 is storage only)
        self.names = {}
        self.lines = []

    def scalar(self, s):
        if self.cpu and s == "f16":
            return "_Float16"
        return SCALAR[s]

    def get(self, t):
        t = t.replace("imm ", "").strip()
        if t in self.names:
            return self.names[t]
        if t == "const char*":
            return "const char*"
        m = re.match(r"^(const |volatile )?(\w+?)(?:x(\d+)(e?))?(?: (global|lds|constant))?(\*)?$", t)
        if not m:
            raise SystemExit(f"unknown type in the list: {t}")
        qual, elem, n, ext, space, ptr = m.groups()
        base = self.scalar(elem)
        name = f"T{len(self.names)}"
        if n:
            vec = f"V{len(self.names)}"
            attr = f"ext_vector_type({n})" if ext else f"__vector_size__({n} * sizeof({base}))"
            self.lines.append(f"typedef {base} {vec} __attribute__(({attr}));")
            base = vec
        if ptr:
            sp = f" __attribute__((address_space({SPACE[space]})))" if space else ""
            self.lines.append(f"typedef {qual or ''}{base}{sp}* {name};")
        else:
            self.lines.append(f"typedef {base} {name};")
        self.names[t] = name
        return name


def arguments(row, types, cpu):
    """Parameters of a function that calls the builtin, and the call's arguments."""
    params, args = [], []
    for i, p in enumerate(row["params"]):
        if p == "const char*":
            args.append('"workgroup"')
            continue
        t = types.get(p)
        if p.startswith("imm "):
            args.append(constant(row["name"], i))
        elif p.endswith("*"):
            args.append(f"({t})0")
        elif not cpu and re.match(r"^(bool|u8|u16|i16|u32|i32|u64|i64)$", p):
            args.append(f"({t})0")  # some intrinsics need immediates the front end does not ask for
        else:
            params.append(f"{t} p{i}")
            args.append(f"p{i}")
    return params, args


def constant(name, i):
    if name in ("atomic_inc32", "atomic_inc64", "atomic_dec32", "atomic_dec64") and i == 2 or name == "fence" and i == 0:
        return "__ATOMIC_SEQ_CST"
    if name in ("uicmp", "uicmpl", "sicmp", "sicmpl"):
        return "32"
    if name in ("fcmp", "fcmpf"):
        return "1"
    if name == "global_load_lds" and i == 2:
        return "4"
    if name in ("s_barrier_signal", "s_barrier_wait"):
        return "-1"
    return "0"


def calls_source(rows, types, cpu, qualifier):
    """One function whose lines each call one builtin (so every error names its line)."""
    params, lines, where = [], [], {}
    for row in rows:
        p, a = arguments(row, types, cpu)
        params += [x.replace(" p", f" {row['name']}_p", 1) for x in p]
        a = [x if not x.startswith("p") else f"{row['name']}_{x}" for x in a]
        lines.append(f"  (void)__builtin_amdgcn_{row['name']}({', '.join(a)});")
        where[len(lines)] = row["name"]
    head = types.lines + [f"{qualifier} void all_builtins({', '.join(params)}) {{"]
    return head, lines, where


# ---- clang: names and targets ----------------------------------------------------------------------------
def check_clang(rows, libclang, work):
    failures = []
    data = open(libclang, "rb").read()
    names = set(m.decode() for m in re.findall(rb"__builtin_amdgcn_[a-z0-9_]+(?=\x00)", data))
    listed = set("__builtin_amdgcn_" + r["name"] for r in rows)
    for n in sorted(names - listed):
        failures.append(f"{n} is in clang-19 ({libclang}) but not in the list")
    for n in sorted(listed - names):
        failures.append(f"{n} is in the list but not in clang-19 ({libclang})")
    types = Types(cpu=False)
    head, lines, where = calls_source(rows, types, False, "__attribute__((device))")
    source = os.path.join(work, "amdgcn_builtins_device.hip")
    with open(source, "w") as f:
        f.write("\n".join(head + lines + ["}"]) + "\n")
    offset = len(head)
    for c, (arch, wave) in enumerate(CONFIGS):
        cmd = ["clang++-19", "-cc1", "-triple", "amdgcn-amd-amdhsa", "-aux-triple", "x86_64-pc-linux-gnu", "-fcuda-is-device",
               "-target-cpu", arch, "-ferror-limit", "0", "-x", "hip", "-emit-llvm", "-o", os.devnull, source]
        if wave == 64:
            cmd[9:9] = ["-target-feature", "+wavefrontsize64"]
        out = subprocess.run(cmd, capture_output=True, text=True).stderr
        refused = {}
        for line in out.splitlines():
            m = re.match(r".*?:(\d+):\d+: error: (.*)", line)
            if m:
                n = where.get(int(m.group(1)) - offset)
                if n is None:
                    failures.append(f"{arch} wave{wave}: unexpected error: {line}")
                else:
                    refused[n] = m.group(2)
        for row in rows:
            n = row["name"]
            if row["targets"][c] and n in refused:
                failures.append(f"__builtin_amdgcn_{n}: the list says {arch} wave{wave} accepts it; clang-19 says: {refused[n]}")
            elif not row["targets"][c]:
                want = f"'__builtin_amdgcn_{n}' needs target feature {row['feature']}"
                if refused.get(n) != want:
                    failures.append(f"__builtin_amdgcn_{n}: the list says {arch} wave{wave} refuses it ({want}); clang-19 "
                                    f"says: {refused.get(n, 'nothing (it accepts the call)')}")
    accepted = [sum(1 for r in rows if r["targets"][c]) for c in range(4)]
    print(f"clang-19 knows {len(names)} __builtin_amdgcn_* names; a device call compiles for "
          + ", ".join(f"{a} wave{w}: {n}" for (a, w), n in zip(CONFIGS, accepted)))
    return failures


# ---- docs ----------------------------------------------------------------------------------------------
def waves(row, first):
    w = [s for s, ok in zip(("w32", "w64"), row["targets"][first:first + 2]) if ok]
    return ", ".join(w) if w else "—"


def render(rows):
    out = ["| builtin | signature | gfx12 | gfx11 | CPU | note |", "|---|---|---|---|---|---|"]
    for r in rows:
        result = "void constant*" if r["result"] == "void_constant_ptr" else r["result"]
        how = r["how"]
        if not any(r["targets"]):
            how, note = "refused", f"clang-19 refuses it for both targets (needs {r['feature']})"
        else:
            note = r["note"]
        out.append(f"| `{r['name']}` | `{result}({', '.join(r['params'])})` | {waves(r, 0)} | {waves(r, 2)} | {how} | "
                   f"{note.replace('|', '/')} |")
    return out


def docs_table(path):
    text = open(path).read()
    if BEGIN not in text or END not in text:
        sys.exit(f"{path} has no {BEGIN} ... {END} section")
    a = text.index(BEGIN) + len(BEGIN)
    b = text.index(END)
    return text, a, b


def check_docs(rows, path):
    text, a, b = docs_table(path)
    have = [l for l in text[a:b].strip().splitlines()]
    want = render(rows)
    failures = []
    for i in range(max(len(have), len(want))):
        h = have[i] if i < len(have) else "(nothing)"
        w = want[i] if i < len(want) else "(nothing)"
        if h != w:
            failures.append(f"{path}: table line {i + 1} is\n    {h}\n  the list gives\n    {w}")
            break
    if failures:
        failures.append("(run tests/hip/amdgcn_builtin_list_check.py LIST write-docs docs/hip-on-cpu.md)")
    return failures


def write_docs(rows, path):
    text, a, b = docs_table(path)
    with open(path, "w") as f:
        f.write(text[:a] + "\n" + "\n".join(render(rows)) + "\n" + text[b:])


# ---- headers: what wmmasim-hipcc does with each call ------------------------------------------------------
def expected(row, c):
    """(compiles, sentence the error must contain)."""
    n, avail = row["name"], row["targets"][c]
    full = f"'__builtin_amdgcn_{n}'"
    if not avail:
        return False, f"{full} needs target feature {row['feature']}"
    if row["how"] == "refused":
        return False, f"{full} is not emulated by the wmmasim CPU emulator (docs/hip-on-cpu.md): {row['note']}"
    if row["how"] == "matrix" and CONFIGS[c][0].startswith("gfx12") and row["targets"][c + 2]:
        return False, f"{full} is a gfx11 WMMA: clang-19 accepts the call for gfx12, but its backend cannot select"
    return True, None


def check_headers(rows, hipcc, work):
    failures = []
    groups = {"matrix": [r for r in rows if r["how"] == "matrix"], "other": [r for r in rows if r["how"] != "matrix"]}
    for c, (arch, wave) in enumerate(CONFIGS):
        for group, members in groups.items():
            types = Types(cpu=True)
            head, lines, where = calls_source(members, types, True, "")
            source = os.path.join(work, f"amdgcn_builtins_{arch}_w{wave}_{group}.hip")
            with open(source, "w") as f:
                f.write("\n".join(["#include <hip/hip_runtime.h>"] + head + lines + ["}"]) + "\n")
            offset = len(head) + 1
            cmd = [hipcc, f"--offload-arch={arch}", "-c", source, "-o", source + ".o", "-ferror-limit=0"]
            if wave == 64:
                cmd.insert(2, "-mwavefrontsize64")
            out = subprocess.run(cmd, capture_output=True, text=True)
            errors = {}
            for line in (out.stdout + out.stderr).splitlines():
                m = re.match(r".*?\.hip:(\d+):\d+: error: (.*)", line)
                if m:
                    n = where.get(int(m.group(1)) - offset)
                    if n is None:
                        failures.append(f"{arch} wave{wave}: an error outside the calls: {line}")
                    else:
                        errors.setdefault(n, []).append(m.group(2))
            for row in members:
                ok, sentence = expected(row, c)
                got = errors.get(row["name"], [])
                where_ = f"{arch} wave{wave}: __builtin_amdgcn_{row['name']} ({row['how']})"
                if ok and got:
                    failures.append(f"{where_} should compile; wmmasim-hipcc says: {got[0]}")
                elif not ok and not got:
                    failures.append(f"{where_} compiles, but should fail with: {sentence}")
                elif not ok and not any(sentence in g for g in got):
                    failures.append(f"{where_} fails with: {got[0]}\n    instead of: {sentence}")
                elif not ok and len(got) > 1:
                    failures.append(f"{where_} gives {len(got)} errors instead of one: {got}")
    counts = {}
    for r in rows:
        counts[r["how"]] = counts.get(r["how"], 0) + 1
    print("the list: " + ", ".join(f"{n} {h}" for h, n in sorted(counts.items())))
    return failures


# ---- DPP controls: the CPU headers refuse exactly what clang's backend refuses ---------------------------
DPP_REASONS = [("wavefront shifts are not supported", "wave shift"), ("broadcasts are not supported", "broadcast"),
               ("Invalid dpp_ctrl value", "invalid")]


def dpp_reason(message):
    return next(r for text, r in DPP_REASONS if text in message)


def check_dpp(hipcc, work):
    failures = []
    controls = list(range(-1, 0x202))
    for arch in ("gfx1201", "gfx1100"):
        gpu = os.path.join(work, f"dpp_controls_{arch}_gpu.hip")
        with open(gpu, "w") as f:
            for c in controls:
                f.write(f"__global__ void k{c + 1}(int* p) {{ p[0] = __builtin_amdgcn_update_dpp(p[1], p[2], {c}, 15, 15, false); }}\n")
        out = subprocess.run(["clang++-19", "-x", "hip", f"--offload-arch={arch}", "-nogpulib", "--hip-path=/usr",
                              "--cuda-device-only", "-O1", "-ferror-limit=0", "-S", "-o", os.devnull, gpu],
                             capture_output=True, text=True).stderr.splitlines()
        gpu_refused = {}
        for i, line in enumerate(out):
            if "Illegal instruction detected: Invalid dpp_ctrl value" in line and i + 1 < len(out):
                m = re.search(r"V_MOV_B32_dpp[^,]*, [^,]*, (-?\d+),", out[i + 1])
                if m:
                    gpu_refused[int(m.group(1))] = dpp_reason(line)
        cpu = os.path.join(work, f"dpp_controls_{arch}_cpu.hip")
        with open(cpu, "w") as f:
            f.write("#include <hip/hip_runtime.h>\nvoid all(int* p) {\n")
            for c in controls:
                f.write(f"  p[0] = __builtin_amdgcn_update_dpp(p[1], p[2], {c}, 15, 15, false);\n")
            f.write("}\n")
        result = subprocess.run([hipcc, f"--offload-arch={arch}", "-c", cpu, "-o", cpu + ".o", "-ferror-limit=0"],
                                capture_output=True, text=True)
        cpu_refused = {}
        for line in (result.stdout + result.stderr).splitlines():
            m = re.match(r".*?\.hip:(\d+):\d+: error: (.*)", line)
            if m:
                cpu_refused[controls[int(m.group(1)) - 3]] = dpp_reason(m.group(2))
        if len(gpu_refused) < 100:
            failures.append(f"{arch}: clang-19's backend refused only {len(gpu_refused)} controls: the check did not see its errors")
        for c in controls:
            if gpu_refused.get(c) != cpu_refused.get(c):
                failures.append(f"{arch}: dpp_ctrl {c:#x}: clang-19's backend says {gpu_refused.get(c, 'valid')}, "
                                f"wmmasim-hipcc {cpu_refused.get(c, 'valid')}")
        print(f"{arch}: clang-19's backend refuses {len(gpu_refused)} of the {len(controls)} dpp_ctrl values tried")
    return failures


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    path, mode, arg = sys.argv[1:4]
    work = sys.argv[sys.argv.index("--work") + 1] if "--work" in sys.argv else os.getcwd()
    os.makedirs(work, exist_ok=True)
    rows = read_list(path)
    if mode == "write-docs":
        write_docs(rows, arg)
        return
    failures = {"clang": lambda: check_clang(rows, arg, work), "docs": lambda: check_docs(rows, arg),
                "headers": lambda: check_headers(rows, arg, work), "dpp": lambda: check_dpp(arg, work)}[mode]()
    for f in failures:
        print(f)
    if failures:
        print(f"{len(failures)} disagreement(s)")
        sys.exit(1)
    print(f"{mode}: no disagreement ({len(rows)} builtins in the list)")


if __name__ == "__main__":
    main()
