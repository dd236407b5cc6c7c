// The per-SIMD simulation of timing.md 4.2, stepped cycle by cycle while anything issues and jumped
// straight to the next possible issue when nothing can.
#include "wmmasim/cycles/model.hpp"

#include <algorithm>
#include <limits>
#include <map>

#include "wmmasim/cycles/hardware.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::cycles {

std::string_view stall_name(StallCause c) {
  switch (c) {
    case StallCause::wmma_to_c: return "wmma_result_as_c";
    case StallCause::wmma_to_ab: return "wmma_result_as_ab";
    case StallCause::wmma_to_index: return "wmma_result_as_index";
    case StallCause::wmma_to_valu: return "wmma_result_to_valu";
    case StallCause::valu_result: return "valu_result";
    case StallCause::lds_data: return "lds";
    case StallCause::global_data: return "global_memory";
    case StallCause::valu_port_busy: return "valu_port_busy";
    case StallCause::arbitration: return "arbitration";
    case StallCause::barrier: return "barrier";
    case StallCause::timer: return "timer_read";
    case StallCause::count_: break;
  }
  return "?";
}

std::string model_name(const Parameters& p) {
  return std::string("wmmasim-cycles-v1 (") +
         (p.is_default() ? "uncalibrated defaults" : "calibrated: " + p.origin) + ", not hardware-qualified)";
}

Cycle WaveResult::timed_cycles() const {
  return timer_reads.size() < 2 ? 0 : timer_reads.back() - timer_reads.front();
}

double SimdResult::utilization() const { return end > 0 ? double(wmma_busy) / double(end) : 0.0; }
double SimdResult::flop_per_clk() const { return end > 0 ? double(ops) / double(end) : 0.0; }
double SimdResult::sustained_flop_per_clk() const {
  const Cycle span = wmma_last_release - wmma_first;
  return wmma_first >= 0 && span > 0 ? double(ops) / double(span) : 0.0;
}

std::uint64_t Prediction::ops() const {
  std::uint64_t n = 0;
  for (const SimdResult& s : simds) n += s.ops;
  return n;
}

const WaveResult& Prediction::wave(int wave_id) const {
  for (const WaveResult& w : waves)
    if (w.wave_id == wave_id) return w;
  throw UserError("the prediction has no wave " + std::to_string(wave_id));
}

const SimdResult& Prediction::simd(int simd_id) const {
  for (const SimdResult& s : simds)
    if (s.simd == simd_id) return s;
  throw UserError("the prediction has no SIMD " + std::to_string(simd_id));
}

namespace {

constexpr Cycle kNever = std::numeric_limits<Cycle>::max() / 4;

// When an instruction may issue, and until when each cause holds it back. A stalled cycle is blamed
// on the pending constraint that clears first, so each cause is charged only the cycles it adds
// beyond the earlier ones: a D -> C chain shows P - 1 cycles of busy port plus b_acc of chain.
struct Gate {
  Cycle at = 0;
  std::array<Cycle, kStallCauseCount> until{};

  void raise(Cycle t, StallCause c) {
    Cycle& u = until[static_cast<std::size_t>(c)];
    u = std::max(u, t);
    at = std::max(at, t);
  }

  // Adds the stalled cycles [from, to) to `stalls`, cause by cause in the order they clear.
  void blame(Cycle from, Cycle to, StallCounts& stalls) const {
    if (at <= from) {  // ready, but another wave won the port
      stalls[static_cast<std::size_t>(StallCause::arbitration)] += to - from;
      return;
    }
    std::array<std::size_t, kStallCauseCount> order;
    for (std::size_t c = 0; c < kStallCauseCount; ++c) order[c] = c;
    // On a tie, blame the busy resource rather than the data: a result that arrives exactly when the
    // port frees up costs nothing extra.
    auto data = [](std::size_t c) {
      const auto cause = static_cast<StallCause>(c);
      return cause != StallCause::valu_port_busy && cause != StallCause::timer && cause != StallCause::barrier;
    };
    std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
      return until[x] != until[y] ? until[x] < until[y] : data(x) < data(y);
    });
    Cycle done = from;
    for (std::size_t c : order) {
      const Cycle end = std::min(until[c], to);
      if (end > done) stalls[c] += end - done, done = end;
    }
    if (done < to) stalls[static_cast<std::size_t>(StallCause::arbitration)] += to - done;
  }
};

// Who last wrote a VGPR. A WMMA result becomes ready at a different time for each kind of consumer,
// so it is kept as (issue, P); anything else is ready at one time for everyone.
struct Producer {
  bool wmma = false;
  Cycle issue = 0;
  int p = 0;
  Cycle ready = 0;
  StallCause cause = StallCause::valu_result;
};

struct WaveState {
  const WaveTrace* trace = nullptr;
  WaveResult* result = nullptr;
  std::size_t pc = 0;
  std::size_t block = 0;      // index into the simulator's blocks
  std::size_t simd_slot = 0;  // dense index of the wave's SIMD
  bool resident = false;
  Cycle next_issue = 0;  // the wave's own pacing: one instruction per cycle, timer and barrier waits
  StallCause next_issue_cause = StallCause::arbitration;
  Cycle last_issue = -1;  // round robin: the least recently issued wave goes first
  Cycle lds_stores_done = 0;
  std::vector<Producer> vgpr;
  Gate gate;  // when the head instruction may issue, computed at the start of each cycle

  bool done() const { return pc >= trace->events.size(); }
  const TraceEvent& head() const { return trace->events[pc]; }
};

struct SimdState {
  Cycle valu_port_free = 0;  // the VALU issue port (every VALU-class instruction)
  Cycle wmma_free = 0;       // the matrix core; the same as the VALU port unless coexec
  int resident_waves = 0;
  int vgprs_in_use = 0;
};

struct CuState {
  Cycle lds_free = 0;   // the LDS pipe
  Cycle vmem_free = 0;  // the global-memory pipe
  int lds_in_use = 0;   // bytes allocated by resident workgroups
};

struct Block {
  std::vector<std::size_t> waves;  // indexes into the wave states
  int cu = 0;
  int lds_bytes = 0;
  std::size_t arrived = 0;         // waves waiting at the current s_barrier
  std::size_t live = 0;            // resident waves not yet retired
};

int vgpr_cost(const WaveTrace& w) {
  const int granted = (w.vgprs_used() + kVgprGranule - 1) / kVgprGranule * kVgprGranule;
  return std::max(granted, kVgprGranule) * (w.wave_size == 64 ? 2 : 1);
}

class Simulator {
 public:
  Simulator(const Program& program, const Parameters& params) : program_(program), params_(params) {
    prediction_.program = program.name;
    prediction_.model = model_name(params);
    prediction_.parameters = params;
    validate();
    set_up();
  }

  Prediction run() {
    Cycle t = 0;
    while (unfinished_ > 0) {
      release_slots(t);
      launch_blocks(t);
      for (WaveState& w : waves_)
        if (w.resident && !w.done()) w.gate = gate_of(w);
      const bool issued = issue_cycle(t);
      Cycle next = t + 1;
      if (!issued) {
        next = next_event_after(t);
        if (next >= kNever) deadlock();
      }
      // A wave whose last instruction has issued is draining, not stalled.
      for (WaveState& w : waves_)
        if (w.resident && !w.done() && w.last_issue != t) w.gate.blame(t, next, w.result->stalls);
      t = next;
    }
    return finish();
  }

 private:
  void validate() const {
    std::map<int, bool> ids;
    for (const WaveTrace& w : program_.waves) {
      const std::string where = "wave " + std::to_string(w.wave_id) + " of program \"" + program_.name + "\"";
      if (ids[w.wave_id]) throw UserError(where + " appears twice; wave ids must be unique");
      ids[w.wave_id] = true;
      if (w.wave_size != 32 && w.wave_size != 64)
        throw UserError(where + " has wave size " + std::to_string(w.wave_size) + "; expected 32 or 64");
      if (w.simd < 0) throw UserError(where + " has negative SIMD id " + std::to_string(w.simd));
      for (std::size_t i = 0; i < w.events.size(); ++i) {
        const TraceEvent& e = w.events[i];
        if (e.kind != InstrKind::wmma) continue;
        const std::string at = where + ", instruction " + std::to_string(i) + " (" + to_string(e.where) + ")";
        if (e.matrix == nullptr || e.matrix->family == Family::load_tr)
          throw UserError(at + " is a wmma event without a WMMA/SWMMAC table record");
        if (e.matrix->wave != w.wave_size)
          throw UserError(at + " uses the wave" + std::to_string(e.matrix->wave) + " builtin " +
                          std::string(e.matrix->name) + " in a wave" + std::to_string(w.wave_size) + " trace");
      }
    }
  }

  void set_up() {
    prediction_.waves.resize(program_.waves.size());
    waves_.resize(program_.waves.size());
    std::map<int, std::size_t> block_index, simd_slots;
    for (std::size_t i = 0; i < program_.waves.size(); ++i) {
      const WaveTrace& t = program_.waves[i];
      WaveState& w = waves_[i];
      w.trace = &t;
      w.result = &prediction_.waves[i];
      w.result->wave_id = t.wave_id;
      w.result->simd = t.simd;
      w.result->block = t.block;
      w.result->wave_size = t.wave_size;
      w.vgpr.resize(static_cast<std::size_t>(t.vgprs_used()) + 1);
      auto [it, fresh] = block_index.try_emplace(t.block, blocks_.size());
      if (fresh) blocks_.emplace_back();
      blocks_[it->second].waves.push_back(i);
      w.block = it->second;
      auto [slot, new_simd] = simd_slots.try_emplace(t.simd, simd_slots.size());
      w.simd_slot = slot->second;
      simds_.try_emplace(t.simd);
      cus_.try_emplace(t.simd / kSimdsPerCu);
      ++unfinished_;
    }
    winners_.assign(simd_slots.size() * kPorts, nullptr);
    // A block that cannot fit even on idle SIMDs would never launch.
    for (Block& b : blocks_) {
      b.cu = waves_[b.waves.front()].trace->simd / kSimdsPerCu;
      for (std::size_t i : b.waves) {
        const WaveTrace& t = *waves_[i].trace;
        if (t.simd / kSimdsPerCu != b.cu)
          throw UserError("block " + std::to_string(t.block) + " spans CUs " + std::to_string(b.cu) + " and " +
                          std::to_string(t.simd / kSimdsPerCu) + "; a workgroup runs on one CU (SIMDs " +
                          std::to_string(b.cu * kSimdsPerCu) + " to " + std::to_string(b.cu * kSimdsPerCu + kSimdsPerCu - 1) + ")");
        b.lds_bytes = std::max(b.lds_bytes, t.lds_bytes);
      }
      if (b.lds_bytes > kLdsBytesPerCu)
        throw UserError("block " + std::to_string(waves_[b.waves.front()].trace->block) + " allocates " +
                        std::to_string(b.lds_bytes) + " bytes of LDS, more than the " + std::to_string(kLdsBytesPerCu) +
                        " a CU has");
      std::map<int, std::pair<int, int>> need;  // simd -> (waves, vgprs)
      for (std::size_t i : b.waves) {
        auto& n = need[waves_[i].trace->simd];
        ++n.first;
        n.second += vgpr_cost(*waves_[i].trace);
      }
      for (const auto& [simd, n] : need)
        if (n.first > kMaxWavesPerSimd || n.second > kVgprsPerSimd)
          throw UserError("block " + std::to_string(waves_[b.waves.front()].trace->block) + " puts " +
                          std::to_string(n.first) + " waves using " + std::to_string(n.second) +
                          " VGPRs on SIMD " + std::to_string(simd) + ", more than one SIMD holds (" +
                          std::to_string(kMaxWavesPerSimd) + " waves, " + std::to_string(kVgprsPerSimd) + " VGPRs)");
    }
  }

  // Whole workgroups launch in order, when every SIMD they use has the wave slots and VGPRs.
  void launch_blocks(Cycle t) {
    while (next_block_ < blocks_.size()) {
      Block& b = blocks_[next_block_];
      b.live = b.waves.size();
      std::map<int, std::pair<int, int>> need;
      for (std::size_t i : b.waves) {
        auto& n = need[waves_[i].trace->simd];
        ++n.first;
        n.second += vgpr_cost(*waves_[i].trace);
      }
      for (const auto& [simd, n] : need) {
        const SimdState& s = simds_[simd];
        if (s.resident_waves + n.first > kMaxWavesPerSimd || s.vgprs_in_use + n.second > kVgprsPerSimd) return;
      }
      CuState& cu = cus_[b.cu];
      if (cu.lds_in_use + b.lds_bytes > kLdsBytesPerCu) return;
      cu.lds_in_use += b.lds_bytes;
      for (std::size_t i : b.waves) {
        WaveState& w = waves_[i];
        SimdState& s = simds_[w.trace->simd];
        ++s.resident_waves;
        s.vgprs_in_use += vgpr_cost(*w.trace);
        w.resident = true;
        w.next_issue = t;
        w.result->launch = t;
        w.result->end = t;
        if (w.done()) retire(w);
      }
      ++next_block_;
    }
  }

  void retire(WaveState& w) {
    --unfinished_;
    pending_frees_.emplace(w.result->end, &w);
  }

  void release_slots(Cycle t) {
    while (!pending_frees_.empty() && pending_frees_.begin()->first <= t) {
      const WaveState& w = *pending_frees_.begin()->second;
      SimdState& s = simds_[w.trace->simd];
      --s.resident_waves;
      s.vgprs_in_use -= vgpr_cost(*w.trace);
      Block& b = blocks_[w.block];
      if (--b.live == 0) cus_[b.cu].lds_in_use -= b.lds_bytes;
      pending_frees_.erase(pending_frees_.begin());
    }
  }

  // timing.md 4.2 step 3: the time a WMMA result reaches each kind of consumer.
  struct Ready {
    Cycle at;
    StallCause cause;
  };
  Ready ready_for(const Producer& p, ReadRole role, bool consumer_is_wmma) const {
    if (!p.wmma) return {p.ready, p.cause};
    const Cycle end = p.issue + p.p;
    if (consumer_is_wmma && role == ReadRole::c) return {end + params_.b_acc, StallCause::wmma_to_c};
    if (consumer_is_wmma && (role == ReadRole::a || role == ReadRole::b))
      return {end + params_.l_ab.cycles(p.p), StallCause::wmma_to_ab};
    if (consumer_is_wmma && role == ReadRole::index) return {end + params_.l_idx_cycles(p.p), StallCause::wmma_to_index};
    return {end + params_.l_valu.cycles(p.p), StallCause::wmma_to_valu};
  }

  Gate gate_of(const WaveState& w) const {
    const TraceEvent& e = w.head();
    Gate g;
    g.raise(w.next_issue, w.next_issue_cause);
    // The port first, so that a wave waiting on both its own WMMA's port time and its result is
    // reported as port-bound (the result is not what limits it).
    const SimdState& s = simds_.at(w.trace->simd);
    if (is_valu_class(e.kind)) {
      g.raise(s.valu_port_free, StallCause::valu_port_busy);
      if (e.kind == InstrKind::wmma) g.raise(s.wmma_free, StallCause::valu_port_busy);
    }
    const bool wmma = e.kind == InstrKind::wmma;
    for (const VgprRead& r : e.reads)
      for (int v = r.regs.first; v < r.regs.end(); ++v) {
        const Ready ready = ready_for(w.vgpr[v], r.role, wmma);
        g.raise(ready.at, ready.cause);
      }
    // Overwriting a WMMA result must wait for it too (timing.md 4.2: "VALU write of D's registers").
    for (VgprRange out : e.writes)
      for (int v = out.first; v < out.end(); ++v) {
        const Producer& p = w.vgpr[v];
        if (!p.wmma) continue;
        const Ready ready = ready_for(p, wmma ? ReadRole::c : ReadRole::other, wmma);
        g.raise(ready.at, ready.cause);
      }
    // s_barrier follows the usual s_wait_dscnt 0: the wave's LDS stores must have landed.
    if (e.kind == InstrKind::barrier) g.raise(w.lds_stores_done, StallCause::lds_data);
    return g;
  }

  bool issue_cycle(Cycle t) {
    bool issued = false;
    // One instruction per port per SIMD per cycle; a wave has one head, so it issues at most once.
    std::fill(winners_.begin(), winners_.end(), nullptr);
    for (WaveState& w : waves_) {
      if (!w.resident || w.done() || w.gate.at > t) continue;
      WaveState*& best = winners_[w.simd_slot * kPorts + static_cast<std::size_t>(issue_port(w.head().kind))];
      if (best == nullptr || w.last_issue < best->last_issue ||
          (w.last_issue == best->last_issue && w.trace->wave_id < best->trace->wave_id))
        best = &w;
    }
    for (WaveState* w : winners_)
      if (w != nullptr) {
        issue(*w, t);
        issued = true;
      }
    return issued;
  }

  void set_written(WaveState& w, const TraceEvent& e, Producer p) {
    for (VgprRange out : e.writes)
      for (int v = out.first; v < out.end(); ++v) w.vgpr[v] = p;
  }

  // Memory instructions queue on the CU's shared pipe; the wave does not wait for the queue, only
  // consumers of the data do (as with s_wait_dscnt / s_wait_loadcnt placed right before the use).
  Cycle memory_done(Cycle& pipe_free, Cycle t, unsigned bytes, int bytes_per_clk, int latency) {
    const Cycle start = std::max(t, pipe_free);
    const Cycle busy = std::max<Cycle>(1, (Cycle(bytes) + bytes_per_clk - 1) / bytes_per_clk);
    pipe_free = start + busy;
    return start + busy + latency;
  }

  void issue(WaveState& w, Cycle t) {
    const TraceEvent& e = w.head();
    WaveResult& r = *w.result;
    SimdState& s = simds_[w.trace->simd];
    CuState& cu = cus_[w.trace->simd / kSimdsPerCu];
    SimdResult& sr = simd_result(w.trace->simd);
    Cycle done = t + 1, port = 1;
    w.next_issue = t + 1;
    w.next_issue_cause = StallCause::arbitration;
    switch (e.kind) {
      case InstrKind::wmma: {
        const int p = params_.occupancy(*e.matrix);
        port = p;
        s.wmma_free = t + p;
        s.valu_port_free = params_.coexec ? t + 1 : t + p;
        set_written(w, e, Producer{true, t, p, 0, StallCause::wmma_to_valu});
        done = t + p + params_.l_valu.cycles(p);
        ++r.wmma_count;
        r.ops += e.matrix->ops();
        sr.wmma_busy += p;
        sr.ops += e.matrix->ops();
        if (sr.wmma_first < 0) sr.wmma_first = t;
        sr.wmma_last_release = std::max(sr.wmma_last_release, t + p);
        break;
      }
      case InstrKind::valu:
      case InstrKind::nop: {
        port = w.trace->wave_size == 64 ? params_.valu_cycles_wave64 : 1;
        s.valu_port_free = t + port;
        done = t + std::max<Cycle>(port, e.kind == InstrKind::valu ? params_.l_v : 1);
        set_written(w, e, Producer{false, 0, 0, t + params_.l_v, StallCause::valu_result});
        sr.valu_busy += port;
        break;
      }
      case InstrKind::salu: break;
      case InstrKind::timer:
        r.timer_reads.push_back(t);
        w.next_issue = done = t + params_.l_sgetreg;
        w.next_issue_cause = StallCause::timer;
        break;
      case InstrKind::lds_load:
        done = memory_done(cu.lds_free, t, e.bytes, params_.lds_bytes_per_clk_per_cu, params_.lds_load_latency);
        set_written(w, e, Producer{false, 0, 0, done, StallCause::lds_data});
        break;
      case InstrKind::lds_store:
        done = memory_done(cu.lds_free, t, e.bytes, params_.lds_bytes_per_clk_per_cu, params_.lds_store_latency);
        w.lds_stores_done = std::max(w.lds_stores_done, done);
        break;
      case InstrKind::global_load:
        done = memory_done(cu.vmem_free, t, e.bytes, params_.global_bytes_per_clk_per_cu, params_.global_load_latency);
        set_written(w, e, Producer{false, 0, 0, done, StallCause::global_data});
        break;
      case InstrKind::global_store:
        done = memory_done(cu.vmem_free, t, e.bytes, params_.global_bytes_per_clk_per_cu, params_.global_store_latency);
        break;
      case InstrKind::barrier:
        arrive_at_barrier(w, t);
        done = t + 1;
        break;
    }
    r.issues.push_back({t, port, static_cast<std::uint32_t>(w.pc)});
    r.end = std::max(r.end, done);
    w.last_issue = t;
    ++w.pc;
    if (w.done()) retire(w);
  }

  void arrive_at_barrier(WaveState& w, Cycle t) {
    Block& b = blocks_[w.block];
    w.next_issue = kNever;
    w.next_issue_cause = StallCause::barrier;
    if (++b.arrived < b.waves.size()) return;
    const Cycle release = t + 1 + params_.barrier_latency;
    for (std::size_t i : b.waves) {
      waves_[i].next_issue = release;
      waves_[i].result->end = std::max(waves_[i].result->end, release);
    }
    b.arrived = 0;
  }

  Cycle next_event_after(Cycle t) const {
    Cycle next = kNever;
    for (const WaveState& w : waves_)
      if (w.resident && !w.done()) next = std::min(next, std::max(w.gate.at, t + 1));
    if (next_block_ < blocks_.size())
      for (const auto& [at, wave] : pending_frees_) next = std::min(next, std::max(at, t + 1));
    return next;
  }

  [[noreturn]] void deadlock() const {
    for (const WaveState& w : waves_)
      if (w.resident && !w.done() && w.pc > 0 &&
          w.trace->events[w.pc - 1].kind == InstrKind::barrier)
        for (const WaveState& other : waves_)
          if (other.trace->block == w.trace->block && other.done())
            throw UserError("wave " + std::to_string(w.trace->wave_id) + " waits at the s_barrier at " +
                            to_string(w.trace->events[w.pc - 1].where) + " but wave " +
                            std::to_string(other.trace->wave_id) + " of block " + std::to_string(w.trace->block) +
                            " ended without reaching it");
    throw UserError("program \"" + program_.name + "\" cannot make progress: a wave of some block never reaches the s_barrier the others wait at");
  }

  SimdResult& simd_result(int simd) {
    auto [it, fresh] = simd_results_.try_emplace(simd);
    if (fresh) it->second.simd = simd;
    return it->second;
  }

  Prediction finish() {
    Cycle last = 0;
    for (WaveState& w : waves_) {
      SimdResult& s = simd_result(w.trace->simd);
      ++s.waves;
      s.end = std::max(s.end, w.result->end);
      last = std::max(last, w.result->end);
      for (std::size_t c = 0; c < kStallCauseCount; ++c) prediction_.stalls[c] += w.result->stalls[c];
    }
    prediction_.kernel_cycles = last + params_.dispatch_ramp;
    for (auto& [id, s] : simd_results_) prediction_.simds.push_back(s);
    return std::move(prediction_);
  }

  const Program& program_;
  const Parameters& params_;
  Prediction prediction_;
  std::vector<WaveState> waves_;
  std::vector<Block> blocks_;
  std::size_t next_block_ = 0;
  std::map<int, SimdState> simds_;
  std::map<int, CuState> cus_;
  std::map<int, SimdResult> simd_results_;
  std::multimap<Cycle, WaveState*> pending_frees_;
  static constexpr std::size_t kPorts = 5;  // IssuePort values
  std::vector<WaveState*> winners_;         // per SIMD slot and port, rebuilt every cycle
  std::size_t unfinished_ = 0;
};

}  // namespace

Prediction simulate(const Program& program, const Parameters& parameters, SimulationOptions options) {
  std::vector<Hazard> hazards = check_hazards(program, options.strict);
  if (options.strict) require_no_hazard_errors(hazards);
  Prediction p = Simulator(program, parameters).run();
  p.hazards = std::move(hazards);
  return p;
}

}  // namespace wmmasim::cycles
