// The layout check for kernels run on the CPU (docs/diagnosis.md). Run a launch under a
// LayoutChecker (LaunchOptions::check_layouts, or WMMASIM_CHECK_LAYOUTS=1 for every launch) and the
// runtime first runs the kernel with every device buffer filled with tags, values that name their
// element (in several runs where an element type has too few values to name them all in one). At
// each matrix instruction the tags say where every fragment element came from. The check then looks
// for a reading of each buffer (row- or column-major, any leading dimension, a tile at any origin)
// under which A, B and C are tiles of their matrices, A and B meet on the same K and D is stored
// where its layout puts each element; only when none exists is it an error. Then the kernel runs
// once more on the real data, so the buffers end as an unchecked launch leaves them, and nothing the
// tagged runs did (device printf, assert, faults) is seen by the program.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "wmmasim/layouts/format.hpp"
#include "wmmasim/layouts/instruction.hpp"
#include "wmmasim/simt/dim3.hpp"
#include "wmmasim/simt/layout_check.hpp"

namespace wmmasim::diagnosis {

// How a buffer holds a matrix (CheckOptions::shapes, or WMMASIM_CHECK_SHAPES: shapes.hpp). Without
// one the check infers the reading from the fragments; with one it holds the kernel to it, so that a
// transposed read is an error again. `format` iu4 says the bytes hold two int4 elements each.
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
  std::string message;          // the whole sentence (without the counts)
  std::string cause;            // what makes findings of one line and operand the same one: the mistake, or the kind of note
  // Over the whole run: one finding per source line, operand and cause. kernel, block and wave
  // are those of its first execution.
  long executions = 1;          // executions of this instruction that had it
  long launches = 1;            // launches they belong to
};

// One line: "file:line: instruction: error|note: message", then "(in 12 executions of 3 launches)"
// when it covers more than one execution.
std::string finding_line(const Finding& f);
// The findings as a JSON array (for tools), with the same fields.
std::string findings_json(const std::vector<Finding>& findings);

struct CheckOptions {
  std::vector<MatrixShape> shapes;
  bool shapes_from_environment = false;  // add WMMASIM_CHECK_SHAPES's (read at the first launch)
  // Print the findings to stderr once, in source order, with a summary line: at finish(), which
  // the default checker runs when the program ends.
  bool print = false;
  std::string json_path;   // also write the findings as JSON there (rewritten whole after each launch)
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
  // Prints (CheckOptions::print) and writes (json_path) the findings so far; the default checker
  // runs it when the program ends. Later launches are added and printed at the next finish().
  void finish() override;

  // Every finding so far, errors and notes, one per source line, operand and cause, in source order.
  std::vector<Finding> findings() const;
  std::vector<Finding> errors() const;
  std::size_t launches_checked() const;
  std::size_t instructions_checked() const;
  // Fragments (A, B, C or D of one execution) that held tagged elements and so were compared.
  std::size_t fragments_checked() const;
  void clear();

 private:
  void add(const std::vector<Finding>& found);  // under mutex_
  void write_json() const;

  CheckOptions options_;
  mutable std::mutex mutex_;
  bool shapes_read_ = false;
  std::vector<Finding> findings_;               // aggregated
  std::map<std::string, std::size_t> finding_of_;  // aggregation key -> index in findings_
  std::set<std::string> shapes_used_;           // declared shapes some launch's buffer matched
  std::size_t launches_ = 0, instructions_ = 0, fragments_ = 0;
  std::size_t launches_at_finish_ = 0;
};

}  // namespace wmmasim::diagnosis
