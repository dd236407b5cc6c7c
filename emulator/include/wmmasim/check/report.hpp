// What a checked run found (`wmmasim check`, docs/check.md): written by the program's HIP runtime at
// exit (WMMASIM_CHECK_REPORT names the file), read by the `wmmasim check` command, which symbolizes
// the code addresses, merges findings and prints them. One JSON object: {"format":
// "wmmasim-check-report", "version": 1, "launches": N, "findings": [...]}.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wmmasim::check {

// An instruction of the checked program: the module (executable or shared object) it is in and its
// offset there, as the symbolizer wants it; file and line once symbolized (line 0: unknown).
struct CodeSite {
  std::string module;
  std::uint64_t offset = 0;
  std::string file, function;
  unsigned line = 0;
};

struct Access {
  int wave = -1, lane = -1;
  CodeSite site;
};

struct Finding {
  std::string tool;      // "racecheck", "initcheck", "synccheck", "memcheck", "layout"
  std::string severity;  // "error", "warning" or "note"
  std::string kind;      // "read-after-write", "lockstep", "barrier-with-exited-threads", "fault", ...
  std::string kernel;
  std::string message;   // the runtime's own sentence, when it made one (faults, barrier notes)
  std::string memory;    // what the conflicting bytes are: "dynamic shared memory", "buffer 'dA' ..."
  std::uint64_t offset = 0;  // of the first conflicting byte in `memory`
  std::array<unsigned, 3> block{};
  std::vector<Access> accesses;  // racecheck: the earlier and the later access
  std::string file;              // where, when the runtime knew it already (barrier notes, layout)
  unsigned line = 0;
  std::uint64_t blocks = 1;      // how many blocks (racecheck, synccheck) or executions showed it
};

struct Report {
  std::uint64_t launches = 0;
  std::vector<Finding> findings;
};

// Whole or not at all (a temporary file renamed); a failure is a UserError sentence.
void write_report(const std::string& path, const Report& report);
// A malformed or foreign file is a UserError sentence naming `source`.
Report parse_report(std::string_view text, std::string_view source);
Report read_report(const std::string& path);

}  // namespace wmmasim::check
