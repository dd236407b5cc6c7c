// The run-file reader (wmmasim/runfile/run_file.hpp): any JSON document is a run file or one
// sentence; a run file it accepts survives writing and reading back unchanged.
#include <string>

#include "fuzz_check.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/runfile/run_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  using namespace wmmasim;
  // read_run_file turns a JSON syntax error into a sentence itself; from here on is the reader's part.
  const nlohmann::json j = nlohmann::json::parse(data, data + size, nullptr, false);
  if (j.is_discarded()) return 0;
  runfile::RunFile run;
  try {
    run = runfile::from_json(j, "fuzz.json");
  } catch (const UserError& e) {
    fuzz::require_one_sentence(e.what());
    return 0;
  }
  runfile::RunFile back;
  try {
    back = runfile::from_json(runfile::to_json(run), "written");
  } catch (const UserError& e) {
    fuzz::fail("a run file the reader accepted was written in a form it rejects");
  }
  if (!(back == run)) fuzz::fail("a run file changed on writing and reading back");
  return 0;
}
