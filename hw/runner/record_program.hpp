// `wmmasim hw record -- ./prog args`: runs a user's HIP program with libwmmasim_record.so preloaded,
// so that its launches are recorded into a run file (docs/hw.md "Recording your own program").
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace wmmasim::hw {

struct RecordOptions {
  std::vector<std::string> command;  // the program and its arguments
  std::string out = "run.json";
  bool only_outputs = false;
  std::string launches;   // WMMASIM_RECORD_LAUNCHES syntax; "" every launch
  std::string max_bytes;  // WMMASIM_RECORD_MAX_BYTES syntax; "" the default
};

// The interposer this wmmasim uses: $WMMASIM_RECORD_LIBRARY, then ../lib/libwmmasim_record.so next to
// the executable (installed), then the build tree's. Throws UserError when there is none.
std::string record_library();

// Checks the options (one sentence, status 2, before anything runs), runs the program with the
// interposer and returns the program's exit status. A program killed by a signal, one that cannot
// be started, or one that ends without a run file is a UserError (status 2).
int record_program(const RecordOptions& options, std::ostream& out);

}  // namespace wmmasim::hw
