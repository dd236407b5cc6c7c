// Run files (read, write, import captures, diff) and the cycle model's GEMM prediction. Run files
// cross the boundary as the JSON objects of docs/hw.md (Python dicts), checked by the one C++ reader.
#include <fstream>

#include <nlohmann/json.hpp>
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "wmmasim/cycles/gemm.hpp"
#include "wmmasim/cycles/report.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/runfile/diff.hpp"
#include "wmmasim/runfile/import.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::python {
namespace {

py::object to_python(const nlohmann::json& j) { return py::module_::import("json").attr("loads")(j.dump()); }

nlohmann::json from_python(const py::object& o, const char* what) {
  std::string text;
  try {
    text = py::str(py::module_::import("json").attr("dumps")(o));
  } catch (const py::error_already_set&) {
    throw UserError(std::string(what) + " is not JSON-serialisable (a run file is a dict as read_run returns it)");
  }
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    // Python writes NaN and infinities as bare words that JSON does not have.
    throw UserError(std::string(what) + " holds a value JSON cannot carry (NaN or an infinity; a run file stores numbers as bit strings)");
  }
}

std::string path_text(const py::object& path) { return py::str(py::module_::import("os").attr("fspath")(path)); }

// A run given as a dict or as the path of a run file.
runfile::RunFile to_run(const py::object& run, const char* what) {
  if (py::isinstance<py::dict>(run)) return runfile::from_json(from_python(run, what), what);
  return runfile::read_run_file(path_text(run));
}

py::dict mismatch_dict(const runfile::ElementMismatch& e) {
  py::dict d;
  d["output"] = e.output;
  d["row"] = e.row;
  d["col"] = e.col;
  d["lane"] = e.place.lane;
  d["vgpr"] = e.place.vgpr;
  d["bit_lo"] = e.place.bit_lo;
  d["bit_hi"] = e.place.bit_hi;
  d["expected"] = e.expected;
  d["got"] = e.got;
  d["ulps"] = e.ulps;
  d["bits"] = e.bits;
  return d;
}

py::dict report_dict(const runfile::DiffReport& r) {
  py::list programs;
  for (const runfile::ProgramDiff& p : r.programs) {
    py::dict d;
    d["program"] = p.program;
    d["model"] = p.model;
    d["hardware_qualified"] = p.hardware_qualified;
    d["caveats"] = p.caveats;
    d["compared"] = p.compared;
    py::list mismatches;
    for (const auto& e : p.mismatches) mismatches.append(mismatch_dict(e));
    d["mismatches"] = mismatches;
    d["measured_cycles"] = p.measured_cycles;
    d["predicted_cycles"] = p.predicted_cycles;
    d["error"] = p.error;
    programs.append(d);
  }
  py::dict out;
  out["programs"] = programs;
  out["compared"] = r.compared();
  out["mismatches"] = r.mismatches();
  out["errors"] = r.errors();
  out["text"] = runfile::text_report(r);
  return out;
}

py::dict predict(const cycles::GemmTileConfig& config) {
  const cycles::GemmPrediction p = cycles::predict_tiled_gemm(config);
  py::dict d;
  d["builtin"] = config.builtin;
  d["model"] = p.prediction.model;
  d["kernel_cycles"] = p.prediction.kernel_cycles;
  d["vgprs_per_wave"] = p.vgprs_per_wave;
  d["lds_bytes_per_block"] = p.lds_bytes_per_block;
  d["resident_blocks"] = p.resident_blocks;
  d["flop_per_clk_per_cu"] = p.flop_per_clk_per_cu;
  d["peak_flop_per_clk_per_cu"] = p.peak_flop_per_clk_per_cu;
  d["fraction_of_peak"] = p.fraction_of_peak();
  d["report"] = cycles::text_report(p.prediction);
  d["prediction"] = to_python(nlohmann::json::parse(cycles::json_report(p.prediction)));
  return d;
}

}  // namespace

void bind_runs(py::module_& m) {
  m.def("read_run", [](const py::object& path) { return to_python(runfile::to_json(runfile::read_run_file(path_text(path)))); },
        py::arg("path"), "A run file (docs/hw.md, 'Run file format') as a dict; ValueError naming the JSON path of any problem.");
  m.def("write_run", [](const py::object& run, const py::object& path) {
          runfile::write_run_file(runfile::from_json(from_python(run, "run"), "run"), path_text(path));
        }, py::arg("run"), py::arg("path"),
        "Checks `run` (a dict as read_run returns) and writes it whole (a temporary file renamed into place) or not at all.");
  m.def("import_captures", [](const py::object& paths) {
          // One path or several, merged as `wmmasim import` merges them (environment.source lists them).
          std::vector<std::string> files;
          if (py::isinstance<py::str>(paths) || py::hasattr(paths, "__fspath__")) files.push_back(path_text(paths));
          else for (const py::handle& p : paths) files.push_back(path_text(py::reinterpret_borrow<py::object>(p)));
          runfile::RunFile all;
          for (const std::string& f : files) {
            std::ifstream in(f);
            if (!in) throw UserError("cannot read " + f);
            runfile::RunFile one = runfile::import_captures(in, f);
            if (all.programs.empty()) all = std::move(one);
            else for (auto& p : one.programs) all.programs.push_back(std::move(p));
          }
          all.environment["source"] = files;
          return to_python(runfile::to_json(all));
        }, py::arg("paths"),
        "Hardware captures (JSON Lines, tests/data/fixtures; one path or a list) as a run-file dict, as `wmmasim import` "
        "converts them.");
  m.def("diff", [](const py::object& expected, const py::object& got, const py::object& model_name) {
          const runfile::RunFile e = to_run(expected, "expected");
          runfile::DiffReport r;
          if (got.is_none()) {
            const Model* model = nullptr;
            if (!model_name.is_none()) {
              model = find_model(model_name.cast<std::string>());
              if (!model) throw UserError("unknown model '" + model_name.cast<std::string>() + "'");
            }
            py::gil_scoped_release unlocked;
            r = runfile::diff_against_emulator(e, model);
          } else {
            if (!model_name.is_none()) throw UserError("model= applies when a run is replayed on the emulator (got=None)");
            r = runfile::diff_runs(e, to_run(got, "got"));
          }
          return report_dict(r);
        }, py::arg("expected"), py::arg("got") = py::none(), py::arg("model") = py::none(),
        "Compares a run (dict or path) with the emulator's replay of it (got=None), or with another run. Returns "
        "{'programs': [...], 'compared', 'mismatches', 'errors', 'text'}; each mismatch names its element, register "
        "place, bits and distance in ULPs.");
  m.def("predict_gemm", [](const py::object& builtin, int macro_m, int macro_n, int macro_k, int waves, int wave_tiles_m,
                           int wave_tiles_n, int k, int blocks, bool prefetch) {
          cycles::GemmTileConfig c;
          c.builtin = std::string(to_instruction(builtin).name);
          c.macro_m = macro_m, c.macro_n = macro_n, c.macro_k = macro_k, c.waves = waves;
          c.wave_tiles_m = wave_tiles_m, c.wave_tiles_n = wave_tiles_n, c.k = k, c.blocks = blocks, c.prefetch = prefetch;
          return predict(c);
        }, py::arg("builtin") = "wmma_f32_16x16x16_f16_w32_gfx12", py::kw_only(), py::arg("macro_m") = 128,
        py::arg("macro_n") = 128, py::arg("macro_k") = 32, py::arg("waves") = 4, py::arg("wave_tiles_m") = 4,
        py::arg("wave_tiles_n") = 4, py::arg("k") = 4096, py::arg("blocks") = 4, py::arg("prefetch") = true,
        "The cycle model's prediction for one CU running a tiled GEMM (hipBLASLt's MT128x128x32 shape by default). "
        "The model is not hardware-qualified; the result's 'model' says so. Returns a dict with kernel_cycles, "
        "flop_per_clk_per_cu, fraction_of_peak, ..., 'report' (text) and 'prediction' (the JSON report).");
}

}  // namespace wmmasim::python
