// A run under `wmmasim check` (docs/check.md): WMMASIM_CHECK lists the tools, WMMASIM_CHECK_REPORT
// names the file the findings go to at exit (wmmasim/check/report.hpp). Without WMMASIM_CHECK there
// is no session and nothing is collected.
#pragma once

#include <string>

#include "wmmasim/simt/fault.hpp"
#include "wmmasim/simt/launch_options.hpp"

namespace wmmasim::hip::runtime {

// Null unless the program runs under `wmmasim check`. Sets the launch's race and sync sinks.
void check_launch(simt::LaunchOptions& options);
// Whether device buffers track their written bytes (initcheck is on), and which block stored them
// (racecheck is on).
bool check_initialisation();
bool check_races();
// The launch has ended (memory still accessible): racecheck's stores of different blocks to the
// same bytes are reported where the bytes changed.
void check_launch_end();
// A launch stopped with this sentence (memcheck or synccheck, by its kind).
void check_fault(simt::FaultKind kind, const std::string& sentence);
// Writes the report now (idempotent: the exit handler and the fault-exit path both call it).
void finish_check();

}  // namespace wmmasim::hip::runtime
