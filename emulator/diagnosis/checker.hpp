// The state of one checked launch: the tagged buffers, every matrix instruction execution seen in
// the tagged runs, and where D tags were stored. analysis.cpp turns it into findings.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <source_location>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "wmmasim/diagnosis/check.hpp"
#include "wmmasim/diagnosis/hook.hpp"
#include "wmmasim/diagnosis/slot_map.hpp"

namespace wmmasim::diagnosis::detail {

struct TaggedBuffer {
  std::string name;
  std::byte* data = nullptr;
  std::size_t elements = 0;  // in `width`-bit elements
  int width = 0;             // 0: not tagged
  std::uint64_t first_id = 0;
  const MatrixShape* shape = nullptr;
};

// The three ways a buffer is used, each with its own reading: as A, as B, or as C and D (which
// must agree: D stored where C was loaded from is the same matrix).
enum OperandClass { kClassA = 0, kClassB = 1, kClassCD = 2 };
inline int class_of(Operand op) { return op == Operand::a ? kClassA : op == Operand::b ? kClassB : kClassCD; }

// What one slot of an operand held, over all tagged runs.
enum class SlotKind : std::uint8_t { none, input, d_tag };
// Eight bytes per slot: a checked launch keeps one per slot of every execution until the analysis.
struct SlotRecord {
  std::uint32_t id = 0;     // input: element number (all digits); d_tag: execution << 9 | half << 8 | slot
  SlotKind kind = SlotKind::none;
  bool other_half = false;  // RDNA3 16-bit C: found in the half OPSEL does not select
};

struct Store {
  std::uint32_t index = 0;
  std::int16_t buffer = -1;
  std::uint8_t half = 0;
};

struct Execution {
  long number = 0;  // its place in the launch's executions
  const Instruction* ins = nullptr;
  int opsel = 0;
  std::source_location where;
  simt::dim3 block;
  int wave = 0;
  std::vector<SlotRecord> operands[3];  // A, B, C, slot-map order
  std::vector<Store> stores;             // per D slot: where its tag was first found after run 0 (empty: never stored)
  // A, B, C found to be a plain strided tile of one buffer as soon as their records were complete
  // (their records are then dropped): element (r, c) of the layout came from element
  // base + r*row_stride + c*col_stride. Whether that is the buffer's reading is decided with all
  // executions in view.
  struct Settled {
    bool done = false;
    long src = -1;
    long long base = 0, row_stride = 0, col_stride = 0;
  } settled[3];
  std::vector<std::uint32_t> index;      // SWMMAC: each lane's index VGPR (run 0)
  bool b_from_load_tr = false;           // B is, word for word, what a global_load_tr of this wave returned
};

class Checker {
 public:
  Checker(std::string kernel, std::span<const simt::TaggableBuffer> buffers, const std::vector<MatrixShape>& shapes);
  const std::string& kernel() const { return kernel_; }
  // The names of the declared shapes that a buffer of this launch has.
  std::vector<std::string> shapes_used() const;
  int runs() const { return runs_; }
  void fill(int run);           // tags for run `run` into every tagged buffer
  void begin_run(int run) { run_ = run; counters_.clear(); }
  void collect_stores();        // after run 0: where the D tags went
  void matrix(const MatrixCall& call, std::uint32_t* d, std::source_location where);
  void load_tr(const Instruction& ins, const std::uint32_t* result, int lanes);
  // After the last tagged run's records of an execution are complete: the fragments that are
  // exactly right are decided now and their records freed, so a long launch keeps little.
  void settle(Execution& x) const;
  std::vector<Finding> analyse(std::size_t& fragments_checked) const;  // fragments: operands that held tags
  std::size_t executions() const { return executions_.size(); }
  // An earlier execution; callable while waves still record (its instruction and opsel are fixed).
  const Execution& execution(long number) const;

 private:
  friend struct Analysis;
  std::string kernel_;
  std::vector<TaggedBuffer> buffers_;
  std::map<int, std::uint64_t> ids_per_width_;
  int runs_ = 1, run_ = 0;
  // Guards the maps and the growth of executions_. An execution's records belong to the one wave that
  // runs it, so waves fill them without the lock (a deque keeps them in place while it grows).
  mutable std::mutex mutex_;
  std::map<std::tuple<std::uint64_t, int>, int> counters_;          // (block, wave) -> next call number
  std::map<std::tuple<std::uint64_t, int, int>, int> execution_of_;  // (block, wave, call) -> execution
  std::deque<Execution> executions_;
  std::map<std::tuple<std::uint64_t, int>, std::vector<std::uint64_t>> load_tr_results_;  // (block, wave) -> result hashes
};

// The latest execution number below `before` that leaves `mod` modulo `period`; -1 if none.
inline long latest_execution(std::uint32_t mod, std::uint32_t period, long before) {
  if (before <= static_cast<long>(mod)) return -1;
  return static_cast<long>(mod) + static_cast<long>(period) * ((before - 1 - static_cast<long>(mod)) / static_cast<long>(period));
}

// Findings with the same key are one finding (their executions and launches add up).
std::string finding_key(const Finding& f);

std::uint32_t read_element(const std::byte* data, int width, std::uint64_t i);
void write_element(std::byte* data, int width, std::uint64_t i, std::uint32_t v);

}  // namespace wmmasim::diagnosis::detail
