// The layout check for kernels run on the CPU (docs/diagnosis.md). Run a launch under a
// LayoutChecker (LaunchOptions::check_layouts, or WMMASIM_CHECK_LAYOUTS=1 for every launch) and the
// runtime first runs the kernel with every device buffer filled with tags, values that name their
// element (in several runs where an element type has too few values to name them all in one). At
// each matrix instruction the tags say where every fragment element came from; they are compared with
// the instruction's layout: A, B and C each one tile of a source matrix (any origin), A and B on the
// same K, D stored where its layout puts each element. Then the kernel runs once more on the real
// data, so the buffers end as an unchecked launch leaves them.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "wmmasim/layouts/format.hpp"
#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/simt/dim3.hpp"
#include "wmmasim/simt/layout_check.hpp"

namespace wmmasim::diagnosis {

// How a buffer holds a matrix. Without one the check takes the buffer as row-major and infers the
// row length from the fragments; `format` iu4 says the bytes hold two int4 elements each.
struct MatrixShape {
  std::string buffer;
  int rows = 0, cols = 0;
  bool column_major = false;
  Format format = Format::none;
};

struct Finding {
  enum class Severity : std::uint8_t { error, note } severity = Severity::error;
  std::string kernel;
  std::string instruction;  // builtin name without the __builtin_amdgcn_ prefix
  std::string file;
  int line = 0;
  simt::dim3 block;
  int wave = 0;
  Operand operand = Operand::a;
  int lane = -1, vgpr = -1, bit_lo = -1, bit_hi = -1;  // the first wrong place (-1: none, for notes)
  std::string found, expected;  // the element there, and the one the layout puts there
  std::string mistake;          // catalogue id, or empty when no catalogue entry explains it
  std::string message;          // the whole sentence
  long executions = 1;          // how many executions of this instruction had this finding
};

// One line: "file:line: instruction: error|note: message".
std::string finding_line(const Finding& f);
// The findings as a JSON array (for tools).
std::string findings_json(const std::vector<Finding>& findings);

struct CheckOptions {
  std::vector<MatrixShape> shapes;
  bool print = false;      // print one line per finding to stderr after each launch
  std::string json_path;   // also write the findings of all launches as JSON there (rewritten per launch)
  bool json_path_from_environment = false;  // json_path is WMMASIM_CHECK_LAYOUTS_JSON, read at each launch
};

namespace detail { class Checker; }

class LayoutChecker final : public simt::LayoutCheck {
 public:
  explicit LayoutChecker(CheckOptions options = {});
  ~LayoutChecker() override;
  LayoutChecker(const LayoutChecker&) = delete;
  LayoutChecker& operator=(const LayoutChecker&) = delete;

  void check_launch(std::string_view kernel, std::span<const simt::TaggableBuffer> buffers,
                    const std::function<void(bool tagged)>& run_once) override;

  // Every finding so far, errors and notes, in launch order.
  std::vector<Finding> findings() const;
  std::vector<Finding> errors() const;
  std::size_t instructions_checked() const;
  // Fragments (A, B, C or D of one execution) that held tagged elements and so were compared.
  std::size_t fragments_checked() const;
  void clear();

 private:
  CheckOptions options_;
  mutable std::mutex mutex_;
  std::vector<Finding> findings_;
  std::size_t instructions_ = 0, fragments_ = 0;
};

}  // namespace wmmasim::diagnosis
