// The hardware backend as `wmmasim hw` sees it: device listing and program runs. Built into every
// wmmasim; without the HIP toolchain at build time it only says so.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "wmmasim/hw/probes.hpp"
#include "wmmasim/hw/programs.hpp"

namespace wmmasim::hw {

// True when this binary carries device code objects and the HIP runner.
bool backend_built();
// The sentence every `wmmasim hw` command prints when backend_built() is false.
std::string not_built_sentence();
// The gfx targets whose code objects this binary carries (WMMASIM_HW_ARCHS at build time).
std::vector<std::string> built_targets();

struct RunOptions {
  std::vector<std::string> programs;  // program names, or "all"
  std::string seed = "1";             // decimal or 0x-hex, up to 64 bits
  std::string out = "run.json";
  int device = -1;                    // -1: the first gfx1200/gfx1201
  int waves = 1;                      // work-groups of one wave each, all with the same inputs
  double timeout_seconds = 60;        // per program (and for start-up)
  bool probes = false;                // `programs` are probe names (empty: every probe of the device)
  int m = 256, n = 256, k = 256;      // example programs (tiled_gemm_f16, ...): the GEMM shape, as `wmmasim run`
};

// `wmmasim hw list`: one line per device, or throws UserError with one sentence.
int list_devices(std::ostream& out);
// `wmmasim hw list --programs`: every program name, one per line.
int list_programs(std::ostream& out);
// `wmmasim hw run`: runs the programs and writes the run file (complete, or not at all).
int run_programs(const RunOptions& options, std::ostream& out);

// `wmmasim hw probe --list`: every probe with its question (needs no GPU).
int list_probes(std::ostream& out);
// Probe names -> probes; UserError naming the closest probes for an unknown name.
std::vector<const Probe*> resolve_probe_names(const std::vector<std::string>& names);

// Pieces with their own tests.
std::uint64_t parse_seed(std::string_view text);  // UserError if not a 64-bit number
// Explicit names -> programs; "all" is left to the device's architecture (returns an empty list
// and sets `all`). UserError naming the closest programs for an unknown name.
std::vector<Program> resolve_program_names(const std::vector<std::string>& names, bool& all);

}  // namespace wmmasim::hw
