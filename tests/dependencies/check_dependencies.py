#!/usr/bin/env python3
"""Checks that every program, library and header the build and the tests use comes from a Debian
package that scripts/setup.sh installs: listed there, or pulled in by a listed package's Depends or
Pre-Depends (what `apt-get install --no-install-recommends` installs), or part of a bare Debian
(Essential or Priority: required, what debootstrap's minbase has).

A machine that has a tool installed by hand passes every other test while a fresh machine fails
them; this test fails on both. Each problem is one sentence on stderr; exit status 1 if any.

Usage: check_dependencies.py [--verbose] [--remove PACKAGE]... SETUP_SH CMAKE_CACHE [NAME=PATH ...]
  NAME=PATH: something CMake resolved that the tests use (the HIP compiler, objdump, ...); an empty
  PATH means configure did not find it, which is a problem too. --verbose lists each file's owner;
  --remove checks as if setup.sh did not list PACKAGE (the test of this test).
"""
import os
import re
import shutil
import subprocess
import sys

# What the build and the tests find at run time by themselves, not through CMake's cache.
# (kind, what, why); kind: program (on PATH), beside (a file next to the resolved compiler),
# file (an absolute path), module (a python3 module), header (under /usr/include).
RUNTIME_NEEDS = [
    ("program", "clang++-19", "compiles the HIP device code and the SIMT portable kernels"),
    ("beside", "clang-offload-bundler", "clang++-19 runs it for every --offload-arch compile"),
    ("beside", "ld.lld", "clang++-19 links AMDGPU code objects with it"),
    ("beside", "llvm-symbolizer", "clang's sanitizer reports call it"),
    ("program", "llvm-symbolizer-19", "the SIMT fault reports name source lines with it (emulator/simt/signals.cpp)"),
    ("program", "llvm-objdump-19", "the code-object tests disassemble with it"),
    ("program", "llvm-readelf-19", "the code-object tests read kernel metadata with it"),
    ("program", "chromium", "the layout view tests render SVG and HTML with it"),
    ("program", "python3", "the Python tests and scripts run on it"),
    ("program", "cmake", "builds everything; the package test installs with it"),
    ("program", "ctest", "runs the suite"),
    ("program", "ninja", "the generator scripts/setup.sh and the package test use"),
    ("program", "bash", "runs the scripts and the package test"),
    ("program", "sh", "the SIMT compile test's pipeline"),
    ("program", "grep", "the SIMT compile test's pipeline"),
    ("program", "git", "setup and the fresh-machine check clone the project"),
    ("module", "numpy", "the Python module's tests"),
    ("module", "pytest", "the Python module's tests"),
    ("module", "matplotlib", "the Python module's plots"),
    ("module", "lxml", "the layout view tests parse chromium's DOM with it"),
    ("header", "pybind11/pybind11.h", "the Python module is built with pybind11"),
    ("header", "hip/hip_runtime.h", "the HIP examples and the hw backend's host side"),
    ("header", "rocm_smi/rocm_smi.h", "the HIP test of a program that includes ROCm SMI (tests/hip/programs/rocm_smi.hip)"),
    ("header", "boost/context/detail/fcontext.hpp", "the SIMT runtime's portable context switch"),
    ("header", "eigen3/Eigen/Dense", "the matrix library"),
    ("header", "gtest/gtest.h", "the test programs"),
    ("header", "benchmark/benchmark.h", "the benchmark programs"),
    ("resource", "include/sanitizer/asan_interface.h", "the SIMT runtime's fiber annotations (scripts/sanitize.sh)"),
    ("resource", "lib/linux/libclang_rt.asan-x86_64.a", "scripts/sanitize.sh links it"),
    ("resource", "lib/linux/libclang_rt.tsan-x86_64.a", "scripts/sanitize.sh --thread links it"),
    ("resource", "lib/linux/libclang_rt.fuzzer-x86_64.a", "the fuzz targets (tests/fuzz) link it"),
]

# Entries CMake's find modules record although nothing here runs them.
IGNORED_CACHE = {
    "LIBXML2_XMLLINT_EXECUTABLE": "FindLibXml2 looks for xmllint; only the library is used",
}

# Programs are looked up on the PATH a fresh machine has (.ci/run under fresh-machine-check uses
# this one), not the caller's: a tool that only a developer's PATH reaches is exactly the fault.
STANDARD_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


def setup_packages(setup_sh):
    text = open(setup_sh, encoding="utf-8").read()
    m = re.search(r"^packages=\((.*?)^\)", text, re.S | re.M)
    if not m:
        sys.exit(f"check_dependencies: {setup_sh} has no packages=( ... ) list.")
    words = []
    for line in m.group(1).splitlines():
        words += line.split("#", 1)[0].split()
    return set(words)


def installed_packages():
    fmt = "${Package}\t${Status}\t${Essential}\t${Priority}\t${Provides}\t${Pre-Depends}, ${Depends}\n"
    out = subprocess.run(["dpkg-query", "-W", "-f", fmt], capture_output=True, text=True, check=True).stdout
    pkgs = {}
    for line in out.splitlines():
        name, status, essential, priority, provides, depends = line.split("\t")
        if not status.endswith("installed") or " not-installed" in status or "config-files" in status:
            continue
        info = pkgs.setdefault(name, {"base": False, "provides": set(), "depends": []})
        info["base"] |= essential == "yes" or priority == "required" or name == "apt"
        info["provides"] |= {bare(p) for p in provides.split(",") if p.strip()}
        info["depends"] += [[bare(alt) for alt in group.split("|")] for group in depends.split(",") if group.strip()]
    return pkgs


def bare(dep):
    """'libc6:amd64 (>= 2.34)' -> 'libc6'."""
    return dep.strip().split(" ")[0].split(":")[0]


def install_closure(roots, pkgs):
    providers = {}
    for name, info in pkgs.items():
        providers.setdefault(name, set()).add(name)
        for p in info["provides"]:
            providers.setdefault(p, set()).add(name)
    seen, todo = set(), [p for p in roots if p in pkgs]
    todo += [name for name, info in pkgs.items() if info["base"]]
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        for group in pkgs[p]["depends"]:
            for alt in group:
                todo += [q for q in providers.get(alt, ()) if q not in seen]
    return seen


def spellings(path):
    """The path and its other spelling on a /usr-merged system (dpkg records the one the package has)."""
    out = [path]
    for a, b in (("/usr/bin/", "/bin/"), ("/usr/sbin/", "/sbin/"), ("/usr/lib/", "/lib/"), ("/usr/lib64/", "/lib64/")):
        if path.startswith(a):
            out.append(b + path[len(a):])
        elif path.startswith(b):
            out.append(a + path[len(b):])
    return out


def owners_of(paths):
    """path -> the packages that own it, for every path some package owns. One dpkg call: each call
    reads the whole package database."""
    r = subprocess.run(["dpkg", "-S"] + sorted(set(paths)), capture_output=True, text=True)
    found = {}
    for line in r.stdout.splitlines():
        if line.startswith("diversion by"):
            continue
        pkgs, _, where = line.rpartition(": ")
        found.setdefault(where.strip(), set()).update(bare(p) for p in pkgs.split(","))
    return found


def paths_of(path):
    """The file itself and, through every symlink on the way, each name it is reached by."""
    chain, seen = [path], set()
    while os.path.islink(chain[-1]) and chain[-1] not in seen:
        seen.add(chain[-1])
        target = os.readlink(chain[-1])
        chain.append(os.path.normpath(os.path.join(os.path.dirname(chain[-1]), target)))
    real = os.path.realpath(path)
    if real not in chain:
        chain.append(real)
    return chain


def cache_entries(cache, source_dir, build_dir):
    """FILEPATH and PATH entries of CMakeCache.txt that name something outside the project."""
    found = []
    for line in open(cache, encoding="utf-8"):
        m = re.match(r"^([A-Za-z0-9_.+-]+):(FILEPATH|PATH)=(.*)$", line.rstrip("\n"))
        if not m:
            continue
        name, _, value = m.groups()
        if not value.startswith("/") or value.endswith("-NOTFOUND") or not os.path.exists(value):
            continue
        real = os.path.realpath(value)
        if any(real == d or real.startswith(d + "/") for d in (source_dir, build_dir)):
            continue
        if name.startswith("CMAKE_INSTALL_") or name in IGNORED_CACHE:
            continue
        found.append((name, value, "found by CMake at configure time (" + name + ")"))
    return found


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    verbose = "--verbose" in argv
    removed = {argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--remove"}
    argv = [a for i, a in enumerate(argv) if a != "--verbose" and a != "--remove" and (i == 0 or argv[i - 1] != "--remove")]
    setup_sh, cache = argv[1], argv[2]
    listed = setup_packages(setup_sh) - removed
    pkgs = installed_packages()
    problems = [f"scripts/setup.sh installs {p}, which is not installed on this machine." for p in sorted(listed - pkgs.keys())]
    closure = install_closure(listed, pkgs)
    build_dir = os.path.realpath(os.path.dirname(cache))
    source_dir = ""
    for line in open(cache, encoding="utf-8"):
        if line.startswith("CMAKE_HOME_DIRECTORY:INTERNAL="):
            source_dir = os.path.realpath(line.split("=", 1)[1].strip())

    items = []  # (what, path or None, why)
    compiler = shutil.which("clang++-19", path=STANDARD_PATH)
    python = shutil.which("python3", path=STANDARD_PATH) or "python3"
    resource_dir = ""
    if compiler:
        resource_dir = subprocess.run([compiler, "-print-resource-dir"], capture_output=True, text=True).stdout.strip()
    for kind, what, why in RUNTIME_NEEDS:
        if kind == "program":
            items.append((what, shutil.which(what, path=STANDARD_PATH), why))
        elif kind == "resource":
            path = os.path.join(resource_dir, what) if resource_dir else None
            items.append(("clang-19's " + os.path.basename(what), path if path and os.path.exists(path) else None, why))
        elif kind == "beside":
            path = os.path.join(os.path.dirname(os.path.realpath(compiler)), what) if compiler else None
            items.append((what, path if path and os.path.exists(path) else None, why))
        elif kind == "header":
            path = os.path.join("/usr/include", what)
            items.append((what, path if os.path.exists(path) else None, why))
        elif kind == "module":
            r = subprocess.run([python, "-c", f"import {what}; print({what}.__file__)"], capture_output=True, text=True)
            items.append(("python3 module " + what, r.stdout.strip() if r.returncode == 0 else None, why))
    for arg in argv[3:]:
        name, _, path = arg.partition("=")
        items.append((name, path or None, "found by CMake at configure time and used by the tests"))
    items += cache_entries(cache, source_dir, build_dir)

    present = [(what, path, why) for what, path, why in items if path is not None]
    problems += [f"{what} ({why}) is not installed on this machine." for what, path, why in items if path is None]
    names = {path: [s for p in paths_of(path) for s in spellings(p)] for _, path, _ in present}
    owner_map = owners_of([n for ns in names.values() for n in ns])
    for what, path, why in present:
        owned = next((owner_map[n] for n in names[path] if n in owner_map), set())
        if not owned:
            problems.append(f"{what} ({path}; {why}) belongs to no Debian package: it was installed by hand, "
                            "and a fresh machine will not have it.")
        elif verbose:
            print(f"  {what}: {path} <- {', '.join(sorted(owned & closure or owned))}")
        if owned and not owned & closure:
            problems.append(f"{what} ({path}; {why}) comes from {', '.join(sorted(owned))}, which scripts/setup.sh "
                            "does not install (neither listed nor needed by a listed package).")
    checked = len(present)
    for p in problems:
        print("check_dependencies: " + p, file=sys.stderr)
    print(f"check_dependencies: {checked} programs, libraries and headers checked against "
          f"{len(listed)} listed packages ({len(closure)} with their dependencies and the base system); "
          f"{len(problems)} problems.")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
