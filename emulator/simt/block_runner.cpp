#include "block_runner.hpp"

#include <cstdlib>
#include <cstring>
#include <typeinfo>
#include <utility>

#include <cxxabi.h>
#include <link.h>

#include "text.hpp"

namespace wmmasim::simt::detail {

constinit thread_local LaneState* t_lane = nullptr;

namespace {

bool same_point(const std::source_location& a, const std::source_location& b) {
  return a.line() == b.line() && a.column() == b.column() &&
         (a.file_name() == b.file_name() || std::strcmp(a.file_name(), b.file_name()) == 0);
}

std::string type_name(const std::type_info& t) {
  int status = 0;
  char* demangled = abi::__cxa_demangle(t.name(), nullptr, nullptr, &status);
  std::string name = status == 0 && demangled ? demangled : t.name();
  std::free(demangled);
  return name;
}

}  // namespace

BlockRunner::BlockRunner(LaunchState& l)
    : launch(l), runner_number_(l.runners_made.fetch_add(1)), stacks_(l.options.lane_stack_bytes) {
  lane_count_ = launch.lanes_per_block;
  lanes_ = std::make_unique<LaneState[]>(lane_count_);
  const unsigned ws = static_cast<unsigned>(launch.options.wave_size);
  waves.resize(launch.waves_per_block);
  for (unsigned w = 0; w < waves.size(); ++w) {
    waves[w].first_tid = static_cast<int>(w * ws);
    waves[w].active = static_cast<int>(std::min(ws, lane_count_ - w * ws));
  }
  const dim3 b = launch.block;
  for (unsigned t = 0; t < lane_count_; ++t) {
    LaneState& lane = lanes_[t];
    lane.block = this;
    lane.tid = t;
    lane.wave = static_cast<int>(t / ws);
    lane.lane = static_cast<int>(t % ws);
    lane.thread_idx = dim3(t % b.x, (t / b.x) % b.y, t / (b.x * b.y));
    lane.coordinates = LaneCoordinates{lane.thread_idx, dim3{}, launch.block, launch.grid, lane.lane, lane.wave,
                                       launch.options.wave_size};
    lane.stack = stacks_->take();
  }
  dynamic_shared = GuardedRegion(launch.options.dynamic_shared_bytes, 16);
  ready_.reset(lane_count_);
  find_lds_ranges();
}

namespace {
int add_tls_size(dl_phdr_info* info, std::size_t, void* total) {
  for (int i = 0; i < info->dlpi_phnum; ++i)
    if (info->dlpi_phdr[i].p_type == PT_TLS)
      *static_cast<std::uintptr_t*>(total) += info->dlpi_phdr[i].p_memsz + info->dlpi_phdr[i].p_align;
  return 0;
}
}  // namespace

// Static __shared__ is thread_local: on x86-64 the static TLS block of the modules loaded so far
// lies just below the thread pointer. Lockstep needs only a fixed partition of addresses that keeps
// each LDS array within one class, so the range is taken generously (64 KiB beyond the modules'
// TLS segments: below them lies the OS thread's own stack, which kernel code does not address). A
// module's TLS outside it (dlopen'ed later) is then simply of the other class. Other CPUs: only
// dynamic shared memory is of the LDS class.
void BlockRunner::find_lds_ranges() {
  dynamic_low_ = reinterpret_cast<std::uintptr_t>(dynamic_shared.data());
  dynamic_bytes_ = dynamic_shared.size();
  coordinates_slot_ = reinterpret_cast<std::uintptr_t>(&t_coordinates);
#if defined(__x86_64__)
  std::uintptr_t tls = 0;
  dl_iterate_phdr(add_tls_size, &tls);
  lds_tls_bytes_ = tls + 64 * 1024;
  lds_tls_low_ = reinterpret_cast<std::uintptr_t>(__builtin_thread_pointer()) - lds_tls_bytes_;
#endif
}

BlockRunner::~BlockRunner() {
  abandon();
  for (unsigned t = 0; t < lane_count_; ++t) {
    destroy_fiber(lanes_[t].fiber);
    stacks_->give_back(lanes_[t].stack);
  }
}

void BlockRunner::run(std::uint64_t linear_block) {
  linear_block_ = linear_block;
  launch.running_block[runner_number_ & 31].store(linear_block, std::memory_order_release);
  if (kSanitizerFibers && scheduler_fiber_.stack_bytes == 0) make_thread_fiber(scheduler_fiber_);
  const dim3 g = launch.grid;
  block_idx = dim3(static_cast<unsigned>(linear_block % g.x), static_cast<unsigned>((linear_block / g.x) % g.y),
                   static_cast<unsigned>(linear_block / (std::uint64_t(g.x) * g.y)));
  lockstep_ = launch.options.lockstep;
  racecheck_ = launch.options.race_notes != nullptr;
  initcheck_ = launch.options.init_watch != nullptr;
  checking_ = racecheck_ || initcheck_;
  barriers_ = 0;
  shadow_.clear();
  races_noted_.clear();
  if (initcheck_) start_init_tracking();
  for (WaveState& w : waves) {
    w.arrived = 0;
    w.mismatch = false;
    w.meetings = 0;
    w.trace.clear();
  }
  exited_ = barrier_arrived_ = 0;
  barrier_votes_ = {};
  barrier_mismatch_ = false;
  noted_.clear();
  fault_.reset();
  ready_.clear();
  collective_due_ = nullptr;
  for (unsigned t = 0; t < lane_count_; ++t) {
    LaneState& lane = lanes_[t];
    lane.status = LaneStatus::ready;
    lane.last.store(std::source_location{}, std::memory_order_relaxed);
    lane.started = lane.unwinding = false;
    lane.touched = lane.stored = 0;
    lane.coordinates.block_idx = block_idx;
    lane.context = Contexts::make(lane.stack.top, lane.stack.bytes, &BlockRunner::lane_entry, &lane);
    make_lane_fiber(lane.fiber, lane.stack.top, lane.stack.bytes);
    ready_.push_back(t);
  }

  while (!fault_) {
    if (collective_due_) {
      run_collective(*std::exchange(collective_due_, nullptr), *due_exec_);
      continue;
    }
    if (launch.stops(linear_block_)) {
      if (launch.timed_out.load())
        record_fault(FaultKind::timeout, "kernel " + launch.kernel + " " + launch.timeout_text + ": in block " +
                                             block_name() + ", " + describe_waiting());
      break;
    }
    if (ready_.empty()) {
      if (exited_ != lane_count_) record_fault(FaultKind::barrier, diagnose_stall());
      break;
    }
    LaneState& first = lanes_[ready_.front()];
    ready_.pop_front();
    switch_to(nullptr, &first);  // back here when no lane can take over from the last one to stop
  }
  abandon();
  count(blocks_done);
  count(progress);
  if (fault_) {
    launch.report(linear_block_, fault_->first, fault_->second);
    return;
  }
  if (launch.options.trace) {
    std::lock_guard lock(launch.mutex);
    for (unsigned w = 0; w < waves.size(); ++w)
      launch.traces.push_back(WaveTrace{block_idx, static_cast<int>(w), launch.options.wave_size, waves[w].active,
                                        dynamic_shared.size(), std::move(waves[w].trace)});
  }
}

// What the thread-local hooks need to know about the lane about to run (null: the scheduler).
void BlockRunner::enter(LaneState* lane) {
  t_lane = lane;
  t_coordinates = lane ? &lane->coordinates : nullptr;
  t_trace_memory = lane && launch.options.trace != nullptr && lane->lane == 0;
  running.store(lane, std::memory_order_release);
}

// The lane to hand over to; null sends the thread back to the scheduler, which decides what a
// fault, a cancellation or an empty queue means.
LaneState* BlockRunner::next_ready() {
  if (fault_ || abandoning_ || ready_.empty() || launch.stops(linear_block_)) return nullptr;
  LaneState* next = &lanes_[ready_.front()];
  ready_.pop_front();
  return next;
}

void BlockRunner::switch_to(LaneState* from, LaneState* to) {
  void** save = from ? &from->context : &scheduler_;
  enter(to);
  before_switch(fiber_of(from), fiber_of(to), false);
  Contexts::jump(save, to ? to->context : scheduler_);
  after_switch(fiber_of(from));
  // Running again (whoever resumed us has called enter() for us).
  if (from && from->unwinding) throw LaneUnwind{};
}

void BlockRunner::suspend(LaneState& lane) {
  LaneState* next = next_ready();
  if (next == &lane) return;  // the only lane ready is this one (a block of one lane at a barrier)
  switch_to(&lane, next);
}

void BlockRunner::step(LaneState& lane) {
  ready_.push_back(lane.tid);
  lane.at_step = true;
  suspend(lane);
  lane.at_step = false;
}

void BlockRunner::make_ready(LaneState& lane) {
  lane.status = LaneStatus::ready;
  ready_.push_back(lane.tid);
}

// A lane stopped mid-kernel is resumed once more to throw LaneUnwind, so the kernel's locals are
// destroyed properly even when the block stops at a fault; it then jumps back here for good.
void BlockRunner::abandon() {
  abandoning_ = true;
  ready_.clear();
  for (unsigned t = 0; t < lane_count_; ++t) {
    LaneState& lane = lanes_[t];
    if (!lane.started || lane.status == LaneStatus::exited) continue;
    if (lane.at_step) {  // its locals are not destroyed: a throw from there could meet a noexcept frame
      lane.at_step = false;
      lane.status = LaneStatus::exited;
      continue;
    }
    lane.unwinding = true;
    switch_to(nullptr, &lane);
  }
  abandoning_ = false;
  enter(nullptr);
}

void BlockRunner::lane_entry(void* lane) {
  LaneState& l = *static_cast<LaneState*>(lane);
  after_switch(l.fiber);
  l.block->lane_main(l);
}

// The bottom of every lane's stack: run the kernel, then hand the thread on and never come back.
void BlockRunner::lane_main(LaneState& lane) {
  lane.started = true;
  run_kernel(lane);
  lane.status = LaneStatus::exited;
  ++exited_;
  count(progress);
  // The last lane to exit while others wait completes their barrier, as a wave that ends does.
  if (barrier_arrived_ != 0 && barrier_arrived_ + exited_ == lane_count_ && !fault_ && !abandoning_) complete_barrier();
  LaneState* next = next_ready();
  void* finished = nullptr;
  enter(next);
  before_switch(lane.fiber, fiber_of(next), true);
  Contexts::jump(&finished, next ? next->context : scheduler_);
  std::abort();  // nothing jumps to a finished lane
}

// Every exception ends here, on the lane's own stack, with the kernel's locals already destroyed.
void BlockRunner::run_kernel(LaneState& lane) {
  try {
    launch.entry(launch.entry_context);
  } catch (const LaneUnwind&) {
    // the block is being abandoned
  } catch (const LaneFault&) {
    // already recorded
  } catch (const std::exception& e) {
    record_fault(FaultKind::exception, "kernel " + launch.kernel + " threw " + type_name(typeid(e)) + " (\"" +
                                           e.what() + "\") " + lane_context(lane) + after_text(lane.last.load()));
  } catch (...) {
    record_fault(FaultKind::exception,
                 "kernel " + launch.kernel + " threw an exception that is not a std::exception " + lane_context(lane));
  }
}

void BlockRunner::record_fault(FaultKind kind, std::string sentence) {
  if (!fault_) fault_.emplace(kind, std::move(sentence));
}

void BlockRunner::record_trapped_fault(FaultKind kind, std::string sentence) { record_fault(kind, std::move(sentence)); }

void BlockRunner::drop_faulted_lane(LaneState& lane) {
  lane.status = LaneStatus::exited;  // never resumed, never unwound
  ++exited_;
  void* dropped = nullptr;
  enter(nullptr);
  before_switch(lane.fiber, scheduler_fiber_, true);
  Contexts::jump(&dropped, scheduler_);
  std::abort();  // nothing jumps to a dropped lane
}

void BlockRunner::fault(LaneState& lane, FaultKind kind, const std::string& what_happened, std::source_location where) {
  fault_at(lane, kind, what_happened, at_text(where));
}

void BlockRunner::fault_at(LaneState& lane, FaultKind kind, const std::string& what_happened, const std::string& at) {
  record_fault(kind, what_happened + " " + lane_context(lane) + at);
  throw LaneFault{};
}

std::string BlockRunner::block_name() const { return to_string(block_idx); }

std::string BlockRunner::lane_context(const LaneState& lane) const {
  return "in kernel " + launch.kernel + ", block " + block_name() + ", wave " + std::to_string(lane.wave) +
         ", lane " + std::to_string(lane.lane);
}

// ------------------------------------------------------------------ barriers --------------------

BarrierVotes BlockRunner::sync_threads(LaneState& lane, std::source_location where, int vote) {
  lane.last.store(where, std::memory_order_relaxed);
  if (launch.options.trace && lane.lane == 0)
    waves[lane.wave].trace.push_back(TraceEvent{EventKind::barrier, "s_barrier", where, 0, {}});
  lane.status = LaneStatus::at_barrier;
  lane.wait_where = where;
  lane.votes = vote != kNoVote;
  if (barrier_arrived_++ == 0) barrier_where_ = where;
  else if (!same_point(where, barrier_where_)) barrier_mismatch_ = true;
  if (lane.votes) {
    ++barrier_votes_.voters;
    barrier_votes_.true_count += vote;
  }
  if (barrier_arrived_ + exited_ == lane_count_) complete_barrier();
  suspend(lane);
  return barrier_result_;
}

// Every lane waits at a barrier or has exited. The waiting lanes, this one among them, resume in
// thread order, so the first lane to misbehave after a barrier is the lowest one, as a reader would
// expect. Each reads the votes as soon as it resumes, before any lane can complete another barrier.
void BlockRunner::complete_barrier() {
  if (barrier_votes_.voters != 0 && waves.size() > 1 && !votes_line_up()) return;
  if (launch.options.sync_notes && (exited_ != 0 || barrier_mismatch_)) [[unlikely]]
    note_barrier();
  barrier_arrived_ = 0;
  barrier_mismatch_ = false;
  barrier_result_ = std::exchange(barrier_votes_, BarrierVotes{});
  ++barriers_;
  count(progress);
  for (WaveState& w : waves) ++w.meetings;
  for (unsigned t = 0; t < lane_count_; ++t) {
    LaneState& l = lanes_[t];
    l.touched = l.stored = 0;
    if (l.status == LaneStatus::at_barrier) make_ready(l);
  }
}

// In a block of several waves, ROCm's __syncthreads_count/_and/_or (__ockl_wgred_* in ROCm's device
// libraries) is three barriers around an LDS word: wave 0's lane 0 stores its wave's vote, each
// other wave's lane 0 adds its own, every lane reads the word. So on the GPU the lanes of the block
// must all vote (a plain barrier would pair with their later barriers), wave 0's lane 0 must vote
// (nothing else starts the word), and so must lane 0 of every wave with voters (or their votes are
// lost). A one-wave block needs none of this: there the vote is a wave reduction, no barrier.
bool BlockRunner::votes_line_up() {
  const unsigned ws = static_cast<unsigned>(launch.options.wave_size);
  const std::string where_block = "in kernel " + launch.kernel + ", block " + block_name();
  std::vector<unsigned> voters, plain;
  for (unsigned t = 0; t < lane_count_; ++t) {
    const LaneState& l = lanes_[t];
    if (l.status == LaneStatus::at_barrier) (l.votes ? voters : plain).push_back(t);
  }
  const std::string vote = "the barrier vote (__syncthreads_count/_and/_or) at " + short_location(lanes_[voters[0]].wait_where);
  if (!plain.empty()) {
    record_fault(FaultKind::barrier,
                 describe_threads(voters) + " wait at " + vote + " while " + describe_threads(plain) +
                     " wait at the plain barrier at " + short_location(lanes_[plain[0]].wait_where) + ", " + where_block +
                     ": in a block of several waves ROCm's vote is three barriers (__ockl_wgred_*), so on the GPU "
                     "these barriers would not line up");
    return false;
  }
  for (unsigned wi = 0; wi < waves.size(); ++wi) {
    const LaneState& first = lanes_[waves[wi].first_tid];
    if (first.status == LaneStatus::at_barrier) continue;  // votes (there are no plain barriers now)
    std::vector<unsigned> wave_voters;
    for (int i = 1; i < waves[wi].active; ++i)
      if (lanes_[waves[wi].first_tid + i].status == LaneStatus::at_barrier) wave_voters.push_back(first.tid + i);
    if (wi != 0 && wave_voters.empty()) continue;  // the whole wave is gone: it takes no part
    const std::string missing = threads_text({first.tid}, ws) + ", which exited";  // all else waits here
    const std::string consequence =
        wi == 0 ? "ROCm's vote (__ockl_wgred_*) starts from wave 0's lane 0, so on the GPU the result would start "
                  "from an uninitialised LDS word"
                : "ROCm's vote (__ockl_wgred_*) passes each wave's vote on through its lane 0, so on the GPU the "
                  "votes of wave " + std::to_string(wi) + " would be lost";
    record_fault(FaultKind::barrier, vote + " " + where_block + " is reached by " + describe_threads(voters) +
                                         " but not by " + missing + ": " + consequence);
    return false;
  }
  return true;
}

// ------------------------------------------------------------------ wave collectives ------------

void BlockRunner::arrive_at_collective(LaneState& lane, const char* what, const void* tag, const void* in, void* out,
                                       const CollectiveExec& exec, std::source_location where) {
  lane.last.store(where, std::memory_order_relaxed);
  WaveState& w = waves[lane.wave];
  if (w.active < launch.options.wave_size) [[unlikely]]
    partial_wave_fault(lane, what, where);
  lane.status = LaneStatus::at_collective;
  lane.wait_what = what;
  lane.wait_where = where;
  lane.wait_tag = tag;
  lane.slot = CollectiveSlot{in, out};
  if (w.arrived++ == 0) {
    w.what = what;
    w.where = where;
    w.tag = tag;
    w.mismatch = false;
  } else if (tag != w.tag || (what != w.what && std::strcmp(what, w.what) != 0) || !same_point(where, w.where)) {
    w.mismatch = true;
  }
  if (w.arrived == w.active && !w.mismatch) {
    collective_due_ = &lane;  // run() execs it on the thread's own stack, then readies the wave
    due_exec_ = &exec;
    switch_to(&lane, nullptr);
    return;
  }
  suspend(lane);
}

void BlockRunner::partial_wave_fault(LaneState& lane, const char* what, std::source_location where) {
  fault(lane, FaultKind::wave_collective,
        std::string("wave collective '") + what + "' needs a full wave of " + std::to_string(launch.options.wave_size) +
            " lanes, but the block of " + std::to_string(lane_count_) + " threads leaves wave " +
            std::to_string(lane.wave) + " with " + std::to_string(waves[lane.wave].active) +
            " (make the block size a multiple of the wave size)",
        where);
}

// Runs a complete wave's exec with `last` (the lane that completed it) as the current lane, so the
// trace and fault messages name its wave. Then the wave's lanes resume in lane order (see
// sync_threads), and before any other wave's: a wave keeps the thread until it reaches a barrier.
void BlockRunner::run_collective(LaneState& last, const CollectiveExec& exec) {
  WaveState& w = waves[last.wave];
  slots_.resize(static_cast<std::size_t>(w.active));
  for (int i = 0; i < w.active; ++i) slots_[static_cast<std::size_t>(i)] = lanes_[w.first_tid + i].slot;
  const auto failed = [&] { return std::string("wave collective '") + w.what + "' failed"; };
  enter(&last);
  in_exec = true;
  try {
    exec.run(exec.exec, slots_);
  } catch (const LaneFault&) {
    // recorded by fault()
  } catch (const std::exception& e) {
    record_fault(FaultKind::exception, failed() + " (" + e.what() + ") " + lane_context(last) + at_text(w.where));
  } catch (...) {
    record_fault(FaultKind::exception, failed() + " with an exception that is not a std::exception " +
                                           lane_context(last) + at_text(w.where));
  }
  in_exec = false;
  enter(nullptr);
  if (fault_) return;
  w.arrived = 0;
  ++w.meetings;
  count(progress);
  for (int i = w.active - 1; i >= 0; --i) {
    LaneState& l = lanes_[w.first_tid + i];
    l.status = LaneStatus::ready;
    l.touched = l.stored = 0;
    ready_.push_front(l.tid);
  }
}

// ------------------------------------------------------------------ diagnosis -------------------

std::string BlockRunner::describe_threads(const std::vector<unsigned>& tids) const {
  return threads_text(tids, static_cast<unsigned>(launch.options.wave_size));
}

// Nothing can run and lanes still wait, so some wait at a wave collective that cannot complete (a
// barrier alone always completes): name who waits where and who is missing.
std::string BlockRunner::diagnose_stall() const {
  const std::string where_block = "in kernel " + launch.kernel + ", block " + block_name();
  const unsigned ws = static_cast<unsigned>(launch.options.wave_size);
  for (unsigned wi = 0; wi < waves.size(); ++wi) {
    const WaveState& w = waves[wi];
    if (w.arrived == 0) continue;
    std::vector<unsigned> at_this, exited, at_barrier, elsewhere;
    for (int i = 0; i < w.active; ++i) {
      const LaneState& l = lanes_[w.first_tid + i];
      if (l.status == LaneStatus::at_collective && l.wait_tag == w.tag && (l.wait_what == w.what || std::strcmp(l.wait_what, w.what) == 0) &&
          same_point(l.wait_where, w.where))
        at_this.push_back(l.tid);
      else if (l.status == LaneStatus::exited) exited.push_back(l.tid);
      else if (l.status == LaneStatus::at_barrier) at_barrier.push_back(l.tid);
      else elsewhere.push_back(l.tid);
    }
    const std::string coll = std::string("wave collective '") + w.what + "' at " + short_location(w.where);
    const std::string wave_name = "wave " + std::to_string(wi);
    if (!exited.empty())
      return coll + " " + where_block + ", " + wave_name + " is not reached by " + lanes_text(exited, ws) +
             ", which exited (" + lanes_text(at_this, ws) + " wait there)";
    if (!at_barrier.empty())
      return lanes_text(at_this, ws) + " of " + wave_name + " wait at " + coll + " while " +
             lanes_text(at_barrier, ws) + " wait at the barrier at " + short_location(lanes_[at_barrier[0]].wait_where) +
             ", " + where_block + " (a wave collective needs every lane of its wave)";
    if (!elsewhere.empty()) {
      const LaneState& o = lanes_[elsewhere[0]];
      return "the lanes of " + wave_name + " " + where_block + " wait at different wave collectives: " +
             lanes_text(at_this, ws) + " at '" + w.what + "' (" + short_location(w.where) + ") and " +
             lanes_text(elsewhere, ws) + " at '" + o.wait_what + "' (" + short_location(o.wait_where) + ")";
    }
  }
  return "kernel " + launch.kernel + " is stuck in block " + block_name() + ": " + describe_waiting();
}

// "threads 0-31 wait at the barrier at k.cpp:12, threads 32-63 are ready to run after k.cpp:10"
std::string BlockRunner::describe_waiting() const {
  std::string out;
  unsigned t = 0;
  while (t < lane_count_) {
    const LaneState& first = lanes_[t];
    const std::source_location loc = first.status == LaneStatus::ready ? first.last.load() : first.wait_where;
    std::vector<unsigned> group;
    while (t < lane_count_) {
      const LaneState& l = lanes_[t];
      const std::source_location lloc = l.status == LaneStatus::ready ? l.last.load() : l.wait_where;
      if (l.status != first.status || !same_point(lloc, loc)) break;
      group.push_back(t++);
    }
    if (!out.empty()) out += ", ";
    out += describe_threads(group);
    switch (first.status) {
      case LaneStatus::at_barrier: out += " wait at the barrier at " + short_location(loc); break;
      case LaneStatus::at_collective:
        out += std::string(" wait at wave collective '") + first.wait_what + "' at " + short_location(loc);
        break;
      case LaneStatus::exited: out += " exited"; break;
      case LaneStatus::ready: out += " are ready to run" + after_text(loc); break;
    }
  }
  return out;
}

}  // namespace wmmasim::simt::detail
