// The calibration reader (wmmasim/runfile/probe_calibration.hpp): both formats it accepts, from any
// text: a calibration or one sentence.
#include <string>

#include "fuzz_check.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/runfile/probe_calibration.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  using namespace wmmasim;
  try {
    runfile::parse_calibration_file(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
  } catch (const UserError& e) {
    fuzz::require_one_sentence(e.what());
  }
  return 0;
}
