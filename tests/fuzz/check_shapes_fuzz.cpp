// The reader of declared matrix shapes (WMMASIM_CHECK_SHAPES, and the @file it may name): any text,
// read as the variable's value and as a file's contents. A rejection is one sentence; an accepted
// entry is a shape the check can use (positive size within 2^32 elements) and prints back as
// text that reads the same.
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "wmmasim/diagnosis/shapes.hpp"
#include "wmmasim/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  using namespace wmmasim;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const std::string_view source : {std::string_view("WMMASIM_CHECK_SHAPES"), std::string_view("shapes.txt")}) {
    try {
      for (const diagnosis::MatrixShape& s : diagnosis::parse_shapes(text, source)) {
        if (s.buffer.empty() || s.rows < 1 || s.cols < 1 ||
            static_cast<unsigned long long>(s.rows) * static_cast<unsigned long long>(s.cols) > (1ull << 32))
          fuzz::fail("an accepted shape the check cannot use");
        const std::vector<diagnosis::MatrixShape> again = diagnosis::parse_shapes(diagnosis::shape_text(s), "WMMASIM_CHECK_SHAPES");
        if (again.size() != 1 || again[0].rows != s.rows || again[0].cols != s.cols || again[0].column_major != s.column_major ||
            again[0].format != s.format)
          fuzz::fail("a shape does not read back as written");
      }
    } catch (const UserError& e) {
      fuzz::require_one_sentence(e.what());
    }
  }
  return 0;
}
