// The reader of `wmmasim check` reports (wmmasim/check/report.hpp): any text. A rejection is one
// sentence; an accepted report writes and reads back as the same report.
#include <cstdio>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "wmmasim/check/report.hpp"
#include "wmmasim/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  using namespace wmmasim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const check::Report r = check::parse_report(text, "report.json");
    const std::string path = "/tmp/wmmasim_check_report_fuzz.json";
    check::write_report(path, r);
    const check::Report again = check::read_report(path);
    std::remove(path.c_str());
    if (again.launches != r.launches || again.findings.size() != r.findings.size())
      fuzz::fail("an accepted report does not read back as written");
  } catch (const UserError& e) {
    fuzz::require_one_sentence(e.what());
  }
  return 0;
}
