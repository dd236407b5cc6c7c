#include "checker.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <tuple>

#include "tags.hpp"
#include "wmmasim/diagnosis/shapes.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/layouts/operand_layout.hpp"
#include "wmmasim/simt/fault.hpp"
#include "wmmasim/simt/lane_context.hpp"

namespace wmmasim::diagnosis {
namespace detail {

std::atomic<Checker*> g_tagging{nullptr};

std::uint32_t read_element(const std::byte* data, int width, std::uint64_t i) {
  switch (width) {
    case 32: { std::uint32_t v; std::memcpy(&v, data + 4 * i, 4); return v; }
    case 16: { std::uint16_t v; std::memcpy(&v, data + 2 * i, 2); return v; }
    case 8: return static_cast<std::uint32_t>(data[i]);
    default: return static_cast<std::uint32_t>(data[i / 2]) >> (4 * (i & 1)) & 0xF;
  }
}

void write_element(std::byte* data, int width, std::uint64_t i, std::uint32_t v) {
  switch (width) {
    case 32: std::memcpy(data + 4 * i, &v, 4); break;
    case 16: { const std::uint16_t h = static_cast<std::uint16_t>(v); std::memcpy(data + 2 * i, &h, 2); break; }
    case 8: data[i] = static_cast<std::byte>(v); break;
    default: {
      const int shift = 4 * static_cast<int>(i & 1);
      data[i / 2] = static_cast<std::byte>((static_cast<unsigned>(data[i / 2]) & ~(0xFu << shift)) | (v & 0xF) << shift);
    }
  }
}

Checker::Checker(std::string kernel, std::span<const simt::TaggableBuffer> buffers, const std::vector<MatrixShape>& shapes)
    : kernel_(std::move(kernel)) {
  for (const simt::TaggableBuffer& b : buffers) {
    TaggedBuffer t;
    t.name = b.name;
    t.data = b.data;
    if (!b.tag) continue;
    for (const MatrixShape& s : shapes)
      if (s.buffer == b.name) t.shape = &s;
    t.width = t.shape && t.shape->format != Format::none ? format_bits(t.shape->format)
              : (b.element_size == 1 || b.element_size == 2 || b.element_size == 4) ? static_cast<int>(b.element_size * 8)
                                                                                       : 0;
    if (t.width) {
      t.elements = b.bytes * 8 / static_cast<std::size_t>(t.width);
      t.first_id = ids_per_width_[t.width];
      ids_per_width_[t.width] += t.elements;
    }
    if (t.shape && t.width &&
        static_cast<unsigned long long>(t.shape->rows) * static_cast<unsigned long long>(t.shape->cols) > t.elements)
      throw UserError("the shape declared for '" + quoted_input(t.name) + "' (" + std::to_string(t.shape->rows) + "x" +
                      std::to_string(t.shape->cols) + ") has more elements than the buffer's " + std::to_string(t.elements) +
                      " in kernel " + kernel_);
    buffers_.push_back(t);
  }
  // Enough runs that every element's number has one digit per run.
  for (const auto& [width, ids] : ids_per_width_) {
    if (ids >= (1ull << 32))
      throw UserError("the layout check numbers buffer elements in 32 bits, and the " + std::to_string(width) +
                      "-bit buffers of this launch hold " + std::to_string(ids) + " elements; check a smaller launch");
    int runs = 1;
    for (std::uint64_t reach = digit_base(width); reach < ids; reach *= digit_base(width)) ++runs;
    runs_ = std::max(runs_, runs);
  }
}

void Checker::fill(int run) {
  for (TaggedBuffer& b : buffers_) {
    if (!b.width) continue;
    const std::uint64_t base = digit_base(b.width);
    std::uint64_t scale = 1;
    for (int r = 0; r < run; ++r) scale *= base;
    for (std::uint64_t i = 0; i < b.elements; ++i)
      write_element(b.data, b.width, i, input_tag(b.width, (b.first_id + i) / scale % base));
  }
}

void Checker::collect_stores() {
  for (int bi = 0; bi < static_cast<int>(buffers_.size()); ++bi) {
    const TaggedBuffer& b = buffers_[static_cast<std::size_t>(bi)];
    if (b.width != 32 && b.width != 16) continue;
    for (std::uint64_t i = 0; i < b.elements; ++i) {
      std::uint32_t mod;
      int half, slot;
      if (!d_tag_of(b.width, read_element(b.data, b.width, i), mod, half, slot)) continue;
      // The latest execution with this remainder whose D has this width.
      const std::uint32_t period = b.width == 32 ? kExecutions32 : kExecutions16;
      for (long e = latest_execution(mod, period, static_cast<long>(executions_.size())); e >= 0; e -= period) {
        Execution& x = executions_[static_cast<std::size_t>(e)];
        if (format_bits(x.ins->cd) != b.width) continue;
        if (x.stores.empty()) x.stores.assign(table_slot_map(*x.ins, Operand::d, x.opsel).slots.size(), Store{});
        if (slot < static_cast<int>(x.stores.size()) && x.stores[static_cast<std::size_t>(slot)].buffer < 0)
          x.stores[static_cast<std::size_t>(slot)] = Store{static_cast<std::uint32_t>(i), static_cast<std::int16_t>(bi), static_cast<std::uint8_t>(half)};
        break;
      }
    }
  }
}

std::vector<std::string> Checker::shapes_used() const {
  std::vector<std::string> out;
  for (const TaggedBuffer& b : buffers_)
    if (b.shape) out.push_back(b.shape->buffer);
  return out;
}

const Execution& Checker::execution(long number) const {
  std::lock_guard lock(mutex_);
  return executions_[static_cast<std::size_t>(number)];
}

namespace {

// A whole wave's value: `words` words of each lane, hashed (FNV-1a) in lane order.
std::uint64_t wave_hash(const std::uint32_t* const* lanes, int count, int words) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (int lane = 0; lane < count; ++lane)
    for (int v = 0; v < words; ++v) h = (h ^ lanes[lane][v]) * 0x100000001b3ull;
  return h;
}

Operand operand_at(int i) { return i == 0 ? Operand::a : i == 1 ? Operand::b : Operand::c; }

std::uint32_t place_bits(const std::uint32_t* words, int vgpr, int bit_lo, int width) {
  const std::uint32_t mask = width == 32 ? 0xFFFFFFFFu : (1u << width) - 1;
  return words[vgpr] >> bit_lo & mask;
}

}  // namespace

void Checker::matrix(const MatrixCall& call, std::uint32_t* d, std::source_location where) {
  const Instruction& ins = *call.ins;
  const simt::dim3 block = simt::block_idx(), grid = simt::grid_dim();
  const std::uint64_t block_linear = block.x + static_cast<std::uint64_t>(grid.x) * (block.y + static_cast<std::uint64_t>(grid.y) * block.z);
  const int wave = simt::wave_id();
  const SlotMap& dmap = table_slot_map(ins, Operand::d, call.opsel);

  Execution* xp = nullptr;  // this execution (null: run 0 never saw it here; the wave took another path)
  // This wave's global_load_tr results (only this wave appends to them, so they are read unlocked).
  const std::vector<std::uint64_t>* load_tr_hashes = nullptr;
  {
    std::lock_guard lock(mutex_);
    const int call_number = counters_[{block_linear, wave}]++;
    if (run_ == 0) {
      const int ex = static_cast<int>(executions_.size());
      execution_of_[{block_linear, wave, call_number}] = ex;
      Execution& x = executions_.emplace_back();
      x.number = ex;
      x.ins = &ins;
      x.opsel = call.opsel;
      x.where = where;
      x.block = block;
      x.wave = wave;
      xp = &x;
    } else {
      const auto it = execution_of_.find({block_linear, wave, call_number});
      if (it != execution_of_.end() && executions_[static_cast<std::size_t>(it->second)].ins == &ins)
        xp = &executions_[static_cast<std::size_t>(it->second)];
    }
    if (run_ == 0 && call.b) {
      const auto it = load_tr_results_.find({block_linear, wave});
      if (it != load_tr_results_.end()) load_tr_hashes = &it->second;
    }
  }

  if (xp) {
    Execution& x = *xp;
    if (run_ == 0 && call.index)
      for (int lane = 0; lane < call.lanes; ++lane) x.index.push_back(call.index[lane][0]);
    if (load_tr_hashes) {
      const std::uint64_t h = wave_hash(call.b, call.lanes, std::min<int>(ins.vgprs_b, 4));  // a load_tr result is 4 VGPRs at most
      x.b_from_load_tr = std::find(load_tr_hashes->begin(), load_tr_hashes->end(), h) != load_tr_hashes->end();
    }
    const std::uint32_t* const* lanes[3] = {call.a, call.b, call.c};
    for (int o = 0; o < 3; ++o) {
      const Operand op = operand_at(o);
      if (!ins.has_operand(op) || !lanes[o]) continue;
      const SlotMap& m = table_slot_map(ins, op, call.opsel);
      std::vector<SlotRecord>& rec = x.operands[o];
      if (run_ == 0) rec.assign(m.slots.size(), SlotRecord{});
      const int width = m.element_bits;
      std::uint64_t scale = 1;
      for (int r = 0; r < run_; ++r) scale *= digit_base(width);
      const bool halves = op == Operand::c && ins.arch == Arch::rdna3 && width == 16;
      for (int lane = 0; lane < m.lanes; ++lane)
        for (int e = 0; e < m.size; ++e) {
          SlotRecord& r = rec[static_cast<std::size_t>(lane) * m.size + e];
          std::uint32_t v = place_bits(lanes[o][lane], m.vgpr_of(e), m.bit_lo(e), width);
          bool other = false;
          std::uint64_t digit;
          std::uint32_t mod;
          int half, slot;
          if (halves && !input_digit(width, v, digit) && !d_tag_of(width, v, mod, half, slot)) {
            v = place_bits(lanes[o][lane], m.vgpr_of(e), 16 - m.bit_lo(e), width);
            other = true;
          }
          if (run_ == 0) {
            r.other_half = other;
            if (input_digit(width, v, digit)) r = SlotRecord{static_cast<std::uint32_t>(digit), SlotKind::input, other};
            else if (op == Operand::c && d_tag_of(width, v, mod, half, slot))
              r = SlotRecord{mod << 9 | static_cast<std::uint32_t>(half) << 8 | static_cast<std::uint32_t>(slot), SlotKind::d_tag, other};
          } else if (r.kind == SlotKind::input) {
            if (input_digit(width, v, digit)) r.id += static_cast<std::uint32_t>(digit * scale);
            else r.kind = SlotKind::none;  // not the same element in every run: not from a buffer
          }
        }
    }
  }

  if (xp && run_ == runs_ - 1) settle(*xp);

  // Tagged D: every slot names this execution and itself; RDNA3 16-bit D also tags the other half.
  const int words = ins.vgprs_cd, width = dmap.element_bits;
  std::memset(d, 0, sizeof(std::uint32_t) * static_cast<std::size_t>(words) * static_cast<std::size_t>(call.lanes));
  const std::uint32_t exec_number = xp ? static_cast<std::uint32_t>(xp->number) : 0x1FFFFFu;
  for (int lane = 0; lane < dmap.lanes; ++lane)
    for (int e = 0; e < dmap.size; ++e) {
      const int slot = lane * dmap.size + e;
      std::uint32_t& w = d[static_cast<std::size_t>(lane) * words + dmap.vgpr_of(e)];
      w |= d_tag(width, exec_number, 0, slot) << dmap.bit_lo(e);
      if (ins.arch == Arch::rdna3 && width == 16) w |= d_tag(width, exec_number, 1, slot) << (16 - dmap.bit_lo(e));
    }
}

void Checker::load_tr(const Instruction& ins, const std::uint32_t* result, int lanes) {
  if (run_ != 0) return;
  const simt::dim3 block = simt::block_idx(), grid = simt::grid_dim();
  const std::uint64_t block_linear = block.x + static_cast<std::uint64_t>(grid.x) * (block.y + static_cast<std::uint64_t>(grid.y) * block.z);
  std::vector<const std::uint32_t*> per_lane(static_cast<std::size_t>(lanes));
  for (int lane = 0; lane < lanes; ++lane) per_lane[static_cast<std::size_t>(lane)] = result + static_cast<std::size_t>(lane) * ins.vgprs_cd;
  const std::uint64_t h = wave_hash(per_lane.data(), lanes, ins.vgprs_cd);
  std::lock_guard lock(mutex_);
  load_tr_results_[{block_linear, simt::wave_id()}].push_back(h);
}

}  // namespace detail

void observe_matrix(const MatrixCall& call, std::uint32_t* d, std::source_location where) {
  if (detail::Checker* c = detail::g_tagging.load()) c->matrix(call, d, where);
}

void observe_load_tr(const Instruction& ins, const std::uint32_t*, const std::uint32_t* result, int lanes, std::source_location) {
  // The transposed values keep their tags, so the WMMA that consumes them checks them; the check
  // only needs to recognise that B as this load's result, to blame a wrong address on the load.
  if (detail::Checker* c = detail::g_tagging.load()) c->load_tr(ins, result, lanes);
}

// ---- LayoutChecker -------------------------------------------------------------------------------

LayoutChecker::LayoutChecker(CheckOptions options) : options_(std::move(options)) {}
LayoutChecker::~LayoutChecker() = default;

void LayoutChecker::check_launch(std::string_view kernel, std::span<const simt::TaggableBuffer> buffers,
                                 const std::function<void(bool tagged)>& run_once) {
  {
    std::lock_guard lock(mutex_);
    if (options_.shapes_from_environment && !shapes_read_) {
      shapes_read_ = true;  // read once: a bad value is one sentence, and the program stops
      if (const char* v = std::getenv("WMMASIM_CHECK_SHAPES"); v && *v) {
        try {
          for (MatrixShape& s : shapes_setting(v)) options_.shapes.push_back(std::move(s));
        } catch (const UserError& e) {
          std::fprintf(stderr, "wmmasim: %s\n", e.what());
          std::fflush(stderr);
          std::_Exit(2);
        }
      }
    }
  }
  std::vector<std::vector<std::byte>> saved;
  for (const simt::TaggableBuffer& b : buffers) saved.emplace_back(b.data, b.data + b.bytes);
  auto restore = [&] {
    for (std::size_t i = 0; i < buffers.size(); ++i) std::copy(saved[i].begin(), saved[i].end(), buffers[i].data);
  };
  detail::Checker checker{std::string(kernel), buffers, options_.shapes};
  detail::Checker* expected = nullptr;
  if (!detail::g_tagging.compare_exchange_strong(expected, &checker))
    throw UserError("two layout-checked launches at once: run checked launches one at a time");
  // A fault in a tagged run (an assert, or an index computed from a tag) is the tags' doing, not the
  // program's: the launch is left unchecked, and the plain run shows whether the program faults.
  std::string stopped;
  try {
    for (int run = 0; run < checker.runs(); ++run) {
      checker.fill(run);
      checker.begin_run(run);
      run_once(true);
      if (run == 0) checker.collect_stores();
    }
  } catch (const simt::KernelFault& f) {
    stopped = f.what();
  } catch (...) {
    detail::g_tagging.store(nullptr);
    restore();
    throw;
  }
  detail::g_tagging.store(nullptr);
  restore();
  run_once(false);
  std::size_t fragments = 0;
  std::vector<Finding> found;
  if (stopped.empty()) {
    found = checker.analyse(fragments);
  } else {
    Finding f;
    f.severity = Finding::Severity::note;
    f.kernel = std::string(kernel);
    f.cause = "tagged-run-stopped";
    f.message = "a tagged run stopped (" + stopped +
                "), which the plain run did not: the kernel's control flow or addresses depend on its data, so this launch's "
                "fragments are not checked";
    found.push_back(std::move(f));
  }
  {
    std::lock_guard lock(mutex_);
    ++launches_;
    instructions_ += stopped.empty() ? checker.executions() : 0;
    fragments_ += fragments;
    for (const std::string& name : checker.shapes_used()) shapes_used_.insert(name);
    add(found);
  }
  write_json();
}

void LayoutChecker::add(const std::vector<Finding>& found) {
  for (const Finding& f : found) {
    const auto [it, fresh] = finding_of_.emplace(detail::finding_key(f), findings_.size());
    if (fresh) {
      findings_.push_back(f);
      findings_.back().launches = 1;
    } else {
      findings_[it->second].executions += f.executions;
      ++findings_[it->second].launches;
    }
  }
}

void LayoutChecker::write_json() const {
  std::string json_path = options_.json_path;
  if (options_.json_path_from_environment) {
    const char* p = std::getenv("WMMASIM_CHECK_LAYOUTS_JSON");
    json_path = p ? p : "";
  }
  if (json_path.empty()) return;
  // Written whole: to a temporary file, then renamed.
  std::ofstream out(json_path + ".tmp");
  out << findings_json(findings()) << "\n";
  out.close();
  if (!out || std::rename((json_path + ".tmp").c_str(), json_path.c_str()) != 0)
    throw UserError("cannot write the layout findings to " + json_path);
}

void LayoutChecker::finish() {
  std::vector<Finding> all;
  std::vector<std::string> unused;
  std::size_t launches = 0, instructions = 0;
  {
    std::lock_guard lock(mutex_);
    if (launches_ == launches_at_finish_) return;  // nothing new since the last report
    launches_at_finish_ = launches = launches_;
    instructions = instructions_;
    for (const MatrixShape& s : options_.shapes)
      if (!shapes_used_.count(s.buffer)) unused.push_back(s.buffer);
  }
  all = findings();
  if (options_.print) {
    long errors = 0;
    for (const Finding& f : all) {
      std::fprintf(stderr, "%s\n", finding_line(f).c_str());
      errors += f.severity == Finding::Severity::error;
    }
    for (const std::string& name : unused)
      std::fprintf(stderr, "wmmasim: note: a shape is declared for '%s', but no checked launch has a buffer of that name\n",
                   quoted_input(name).c_str());
    auto count = [](std::size_t n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
    const std::size_t notes = all.size() - static_cast<std::size_t>(errors);
    std::fprintf(stderr, "wmmasim: layout check: %s, %s: %s, %s\n", count(launches, "launch", "launches").c_str(),
                 count(instructions, "matrix instruction execution", "matrix instruction executions").c_str(),
                 count(static_cast<std::size_t>(errors), "error", "errors").c_str(), count(notes, "note", "notes").c_str());
    std::fflush(stderr);
  }
  try {
    write_json();
  } catch (const UserError& e) {
    std::fprintf(stderr, "wmmasim: %s\n", e.what());
  }
}

std::vector<Finding> LayoutChecker::findings() const {
  std::vector<Finding> out;
  {
    std::lock_guard lock(mutex_);
    out = findings_;
  }
  // Source order: by file and line, then operand; launch-level notes (no file) last.
  std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
    if (a.file.empty() != b.file.empty()) return b.file.empty();
    return std::tie(a.file, a.line, a.operand) < std::tie(b.file, b.line, b.operand);
  });
  return out;
}
std::vector<Finding> LayoutChecker::errors() const {
  std::vector<Finding> out;
  for (const Finding& f : findings())
    if (f.severity == Finding::Severity::error) out.push_back(f);
  return out;
}
std::size_t LayoutChecker::launches_checked() const {
  std::lock_guard lock(mutex_);
  return launches_;
}
std::size_t LayoutChecker::instructions_checked() const {
  std::lock_guard lock(mutex_);
  return instructions_;
}
std::size_t LayoutChecker::fragments_checked() const {
  std::lock_guard lock(mutex_);
  return fragments_;
}
void LayoutChecker::clear() {
  std::lock_guard lock(mutex_);
  findings_.clear();
  finding_of_.clear();
  shapes_used_.clear();
  launches_ = instructions_ = fragments_ = launches_at_finish_ = 0;
}

namespace {
// WMMASIM_CHECK_LAYOUTS=1: launches without a checker of their own use this one. It gathers the
// findings of the whole program and prints them once, when the program ends (exit, or return from
// main; the HIP runtime's _exit after a kernel fault runs finish() first). It is never destroyed, so
// that the exit handler finds it whatever the order of static destructors.
struct DefaultCheck {
  DefaultCheck() {
    static LayoutChecker* checker = new LayoutChecker([] {
      CheckOptions o;
      // Under `wmmasim check` (WMMASIM_CHECK set) the command prints the findings with the others.
      const char* under_check = std::getenv("WMMASIM_CHECK");
      o.print = !(under_check && *under_check);
      o.json_path_from_environment = true;
      o.shapes_from_environment = true;
      return o;
    }());
    simt::set_default_layout_check(checker);
    std::atexit([] { simt::finish_default_layout_check(); });
  }
} g_default_check;
}  // namespace

}  // namespace wmmasim::diagnosis
