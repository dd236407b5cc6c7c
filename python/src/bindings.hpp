// Shared by the translation units of the `wmmasim` Python extension: each binds one area of the C++
// libraries (instructions, layouts, numerics, GEMMs, run files and cycles) into the module.
#pragma once

#include <optional>
#include <string>

#include <pybind11/pybind11.h>

#include "wmmasim/layouts/instruction.hpp"

namespace wmmasim::python {

namespace py = pybind11;

void bind_instructions(py::module_& m);
void bind_layouts(py::module_& m);
void bind_numerics(py::module_& m);
void bind_gemm(py::module_& m);
void bind_runs(py::module_& m);

// A builtin given as a Builtin object or as any name the CLI accepts (clang builtin with or without
// the prefix, or a mnemonic with `wave` and `arch`). Throws UserError (ValueError) for unknown names
// and for a wave/arch that contradicts a full builtin name.
const Instruction& to_instruction(const py::object& builtin, std::optional<int> wave = std::nullopt,
                                  std::optional<std::string> arch = std::nullopt);

// "gfx12", "rdna4", "gfx1201", ... -> Arch; UserError otherwise.
Arch parse_arch(const std::string& name);

}  // namespace wmmasim::python
