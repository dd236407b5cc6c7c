// The `wmmasim._core` extension module: the C++ libraries as Python functions and classes. The
// `wmmasim` package re-exports everything from here; the stubs are in wmmasim/__init__.pyi.
#include <exception>

#include "bindings.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::python {
namespace {

// Bad input is a UserError in C++ (one sentence): ValueError here, with the same sentence. Anything
// else the libraries throw stays a RuntimeError (pybind11's default for std::exception).
void translate_user_errors(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const UserError& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
  }
}

}  // namespace
}  // namespace wmmasim::python

PYBIND11_MODULE(_core, m) {
  using namespace wmmasim::python;
  m.doc() = "wmmasim: layouts, bit-exact numerics, GEMMs, run files and cycle predictions of the AMD "
            "RDNA4/RDNA3 WMMA and SWMMAC instructions (the C++ libraries, from Python).";
  py::register_exception_translator(&translate_user_errors);
  bind_instructions(m);
  bind_layouts(m);
  bind_numerics(m);
  bind_gemm(m);
  bind_runs(m);
}
