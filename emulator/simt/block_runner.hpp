// Runs one block at a time on the calling OS thread: one fiber per thread of the block, a FIFO of
// lanes that may run, barriers and wave collectives as rendezvous points. Lanes switch only at
// those points (and at exit), so a block runs with no locks; when nothing can run and lanes are
// still waiting, the block is stuck and the waiting lanes are described in one sentence.
//
// A barrier is S_BARRIER's counter, not a program point: it completes when every lane of the block
// waits at a barrier (any barrier) or has exited, and at least one waits (docs/simt.md, "Barriers").
//
// A lane that stops hands the thread straight to the next ready lane (one context switch, not two
// through a scheduler; see context_switch.hpp for why the switch itself is ours). The scheduler
// loop in run() only starts the block and takes over when nothing is ready, a fault is recorded or
// the launch is cancelled.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <source_location>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "context_switch.hpp"
#include "launch_state.hpp"
#include "sanitizer_fibers.hpp"
#include "stack_pool.hpp"
#include "wmmasim/simt/checked_ptr.hpp"
#include "wmmasim/simt/guarded_memory.hpp"
#include "wmmasim/simt/init_notes.hpp"
#include "wmmasim/simt/lane_context.hpp"
#include "wmmasim/simt/race_notes.hpp"
#include "wmmasim/simt/trace.hpp"
#include "wmmasim/simt/wave_collective.hpp"

namespace wmmasim::simt::detail {

class BlockRunner;

enum class LaneStatus : std::uint8_t { ready, at_barrier, at_collective, exited };

struct LaneState {
  BlockRunner* block = nullptr;
  unsigned tid = 0;  // linear thread id in the block
  int wave = 0, lane = 0;
  dim3 thread_idx;
  LaneCoordinates coordinates;  // what t_coordinates points at while this lane runs
  LaneStatus status = LaneStatus::ready;
  // The last program point the runtime saw this lane at; read by the watchdog thread.
  std::atomic<std::source_location> last{};
  // Where the lane waits (at_barrier, at_collective).
  std::source_location wait_where{};
  const char* wait_what = "";
  const void* wait_tag = nullptr;
  bool votes = false;  // at_barrier: a __syncthreads_count/_and/_or, whose predicate is counted
  CollectiveSlot slot{};
  void* context = nullptr;  // the lane, while it is suspended (Contexts)
  StackRegion stack{};
  SanitizerFiber fiber;     // the lane's stack as ASan and TSan know it (empty without them)
  bool started = false;     // its kernel code has begun (so abandoning it means unwinding its stack)
  // Suspended at a lockstep step (memory_access): anywhere in the kernel's code, noexcept functions
  // and destructors included, so abandoning the block drops it where it stands instead of unwinding.
  bool at_step = false;
  bool unwinding = false;   // the block is being abandoned: throw LaneUnwind when resumed
  // Lockstep (BlockRunner::memory_access): the memory classes (kLds, kOtherMemory) this lane has
  // accessed, and stored to, since its wave last met.
  std::uint8_t touched = 0, stored = 0;
};

// The two memory classes of lockstep: LDS (dynamic shared memory and the thread's static TLS block,
// where static __shared__ lives) and everything else (global, host-mapped, __device__ variables).
inline constexpr std::uint8_t kLds = 1, kOtherMemory = 2;

struct WaveState {
  int first_tid = 0, active = 0;  // active < wave size only for the block's last, partial wave
  int arrived = 0;                // lanes at a collective
  bool mismatch = false;          // they are not all at the same one
  const char* what = "";
  std::source_location where{};
  const void* tag = nullptr;
  std::uint32_t meetings = 0;  // wave rendezvous completed in this block (race shadow)
  std::vector<TraceEvent> trace;
};

// The ready lanes, by thread id: a ring with room for every lane of the block, each at most once.
class LaneQueue {
 public:
  void reset(unsigned lanes) {
    ids_.assign(lanes + 1, 0);
    head_ = tail_ = 0;
  }
  void clear() { head_ = tail_; }
  bool empty() const { return head_ == tail_; }
  unsigned front() const { return ids_[head_]; }
  void pop_front() { head_ = head_ + 1 == ids_.size() ? 0 : head_ + 1; }
  void push_back(unsigned id) {
    ids_[tail_] = id;
    tail_ = tail_ + 1 == ids_.size() ? 0 : tail_ + 1;
  }
  void push_front(unsigned id) {
    head_ = head_ == 0 ? ids_.size() - 1 : head_ - 1;
    ids_[head_] = id;
  }

 private:
  std::vector<unsigned> ids_;
  std::size_t head_ = 0, tail_ = 0;
};

// What a voting barrier (__syncthreads_count/_and/_or) gives every lane that waited at it.
struct BarrierVotes {
  int true_count = 0;  // voters whose predicate was nonzero
  int voters = 0;      // lanes that waited at a voting barrier
};
inline constexpr int kNoVote = -1;  // sync_threads' `vote` for a plain barrier

// Thrown inside a lane after its fault is recorded: unwinds the lane's stack to its entry. Not a
// std::exception, so kernel code catching std::exception does not swallow it.
struct LaneFault {};
// Thrown inside a suspended lane when its block is abandoned, so the kernel's locals are destroyed.
struct LaneUnwind {};

class BlockRunner {
 public:
  explicit BlockRunner(LaunchState& launch);
  ~BlockRunner();

  // Runs block `linear_block` to completion or to its first fault (reported to the launch).
  void run(std::uint64_t linear_block);

  // What the kernel-side functions use (through the thread-local current lane).
  LaunchState& launch;
  dim3 block_idx;
  std::vector<WaveState> waves;
  Allocation shared_alloc{"dynamic shared memory", MemorySpace::shared, 0};
  GuardedRegion dynamic_shared;  // ends at a guard page: a plain pointer past its end traps
  bool in_exec = false;

  // Waits until every other lane of the block waits at a barrier or has exited. `vote` is 0 or 1 for
  // a voting barrier (its predicate), kNoVote for a plain one; returns the completed barrier's votes.
  BarrierVotes sync_threads(LaneState& lane, std::source_location where, int vote);
  void arrive_at_collective(LaneState& lane, const char* what, const void* tag, const void* in, void* out,
                            const CollectiveExec& exec, std::source_location where);
  // Lockstep (docs/simt.md, "Wave-synchronous code"): `lane` is about to load or store memory that
  // is not on its own stack. On the GPU each instruction runs for all lanes of the wave before the
  // next, and a wave's LDS and global accesses complete in program order, so a lane reads what the
  // other lanes of its wave stored just before, without any barrier. Here a lane *steps* (lets every
  // other ready lane of the block make its next access first) only where the order can matter:
  //  * before a load, once this lane has stored to the load's memory class since its wave last met;
  //  * before a store, once this lane has loaded or stored that class since its wave last met.
  // Why that is exact (for a wave whose lanes follow one path and whose every instruction addresses
  // one class in all lanes, as an LDS or a global instruction does): the flags are the lane's own,
  // so every lane steps at the same program points. Between meetings the lanes then go round the
  // ready queue one step point at a time, so a lane makes a stepping access only after every lane
  // of its wave has made every access before that point. Take two accesses of the same byte by
  // two lanes, at least one a store, at program points p < q. If q steps, p is made before q. If q
  // does not step, q is a load before which this lane stored nothing to that class, or a store
  // before which it touched nothing of that class; either way the access at p, which every lane
  // makes in that class before q (one class per instruction), cannot exist. So every conflicting
  // pair is made in program order, as on the GPU, and accesses that cannot conflict (a GEMM's loads
  // of A and B from global memory while it stores into LDS, its first store of each tile) run lane
  // after lane. Divergent lanes interleave access by access, as before.
  // Under `wmmasim check`, the access is also recorded in the block's race shadow (race_shadow.cpp)
  // and checked against what has been written (init_shadow.cpp), after the step, when the access is
  // actually made: the shadows name what came first.
  void memory_access(LaneState& lane, const void* address, unsigned bytes, bool store, const void* code) {
    if (in_exec || in_sink_) return;
    if (lockstep_) lockstep(lane, reinterpret_cast<std::uintptr_t>(address), store);
    if (checking_) [[unlikely]]
      check_access(lane, reinterpret_cast<std::uintptr_t>(address), bytes, store, code);
  }
  void lockstep(LaneState& lane, std::uintptr_t a, bool store) {
    // threadIdx and friends: the runtime's own per-lane words, which kernel code never stores to.
    if (a - reinterpret_cast<std::uintptr_t>(&lane.coordinates) < sizeof(LaneCoordinates) || a == coordinates_slot_)
      return;
    const std::uint8_t cls = a - lds_tls_low_ < lds_tls_bytes_ || a - dynamic_low_ < dynamic_bytes_ ? kLds : kOtherMemory;
    if ((store ? lane.touched : lane.stored) & cls) step(lane);
    lane.touched |= cls;
    if (store) lane.stored |= cls;
  }

  // An atomic read-modify-write of `bytes` at `address` (atomics.hpp): for initcheck, a write.
  void atomic_written(const void* address, unsigned bytes) {
    if (initcheck_ && !in_exec && !in_sink_) [[unlikely]]
      track_written(nullptr, reinterpret_cast<std::uintptr_t>(address), bytes, true, nullptr);
  }

  [[noreturn]] void fault(LaneState& lane, FaultKind kind, const std::string& what_happened, std::source_location where);
  [[noreturn]] void fault_at(LaneState& lane, FaultKind kind, const std::string& what_happened, const std::string& at);
  // Stops the block at a fault trapped mid-instruction (signals.hpp): the fault is recorded, then the
  // lane, whose frames cannot be unwound, is dropped as it stands and the thread goes back to the
  // scheduler. Two calls, so the caller can destroy what it built between them.
  void record_trapped_fault(FaultKind kind, std::string sentence);
  [[noreturn]] void drop_faulted_lane(LaneState& lane);
  [[noreturn, gnu::cold, gnu::noinline]] void partial_wave_fault(LaneState& lane, const char* what, std::source_location where);
  std::string lane_context(const LaneState& lane) const;  // "in kernel K, block B, wave w, lane l"

  // Read by the watchdog: the lane now running on this thread, or null; and what this thread has
  // completed (barriers, collectives, lane exits, blocks), which only it writes.
  std::atomic<LaneState*> running{nullptr};
  std::atomic<std::uint64_t> progress{0}, blocks_done{0};
  void count(std::atomic<std::uint64_t>& counter) { counter.store(counter.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }
  bool is_stack_guard(const void* address) const { return stacks_->is_guard_page(address); }

 private:
  static void lane_entry(void* lane);
  [[noreturn]] void lane_main(LaneState& lane);
  void run_kernel(LaneState& lane);
  void run_collective(LaneState& last, const CollectiveExec& exec);
  void suspend(LaneState& lane);
  void step(LaneState& lane);  // to the back of the ready lanes, and let the next one run
  void make_ready(LaneState& lane);
  LaneState* next_ready();
  void switch_to(LaneState* from, LaneState* to);
  void enter(LaneState* lane);
  void abandon();
  void complete_barrier();
  bool votes_line_up();  // false: the GPU's vote would go wrong, and the fault is recorded
  void note_barrier();   // barrier_notes.cpp: the launch's SyncNoteSink hears what HIP would not allow
  void record_fault(FaultKind kind, std::string sentence);
  std::string diagnose_stall() const;
  std::string describe_waiting() const;
  std::string describe_threads(const std::vector<unsigned>& tids) const;
  std::string block_name() const;

  std::unique_ptr<LaneState[]> lanes_;
  void* scheduler_ = nullptr;  // run()'s loop, while a lane runs
  SanitizerFiber scheduler_fiber_;
  SanitizerFiber& fiber_of(LaneState* lane) { return lane ? lane->fiber : scheduler_fiber_; }
  // A completed wave collective for run() to exec: the lane that completed it, and the exec.
  LaneState* collective_due_ = nullptr;
  const CollectiveExec* due_exec_ = nullptr;
  bool abandoning_ = false;
  std::vector<CollectiveSlot> slots_;  // run_collective's view of the completing wave
  unsigned lane_count_ = 0;
  LaneQueue ready_;
  unsigned exited_ = 0, barrier_arrived_ = 0;
  BarrierVotes barrier_votes_, barrier_result_;  // the waiting barrier's votes so far; the completed one's
  bool barrier_mismatch_ = false;                // lanes wait at more than one barrier (program point)
  std::source_location barrier_where_{};         // where the first lane waits
  struct NotedBarrier {
    int kind;
    std::source_location where, other;
  };
  std::vector<NotedBarrier> noted_;  // what this block has told the SyncNoteSink already
  // The race shadow (race_shadow.cpp): per byte, the last write and the last two reads by different
  // waves, with the barrier count and the wave's meeting count they happened at (kept per 4-byte
  // word, so one hash lookup serves an aligned access of up to 4 bytes).
  void record_access(LaneState& lane, std::uintptr_t address, unsigned bytes, bool store, const void* code);
  void note_race(RaceKind kind, const LaneState& lane, std::uintptr_t address, const void* first_code, int first_wave,
                 int first_lane, const void* code);
  // Stores to device buffers, against the other blocks of the launch (race_shadow.cpp).
  void record_block_write(const LaneState& lane, std::uintptr_t address, unsigned bytes, const void* code);
  BlockWrites block_writes_{};
  unsigned runner_number_ = 0;
  struct ShadowAccess {
    std::uint32_t barrier = ~0u, meeting = 0;
    std::int32_t wave = -1, lane = -1;
    const void* code = nullptr;
  };
  struct ShadowByte {
    ShadowAccess write, read, other_read;
  };
  using ShadowWord = std::array<ShadowByte, 4>;
  bool lockstep_ = false, racecheck_ = false;  // this launch's options, where memory_access looks
  bool initcheck_ = false, checking_ = false;  // checking_: racecheck_ or initcheck_
  // While a sink (race, init or sync notes) runs. It is the runtime's code, but it may call library
  // templates whose copy the linker took from the program's instrumented objects: their accesses
  // must neither step nor be checked, or a lane could switch away while the sink holds a lock that
  // the next lane on this thread then waits for.
  bool in_sink_ = false;
  class SinkCall {
   public:
    explicit SinkCall(BlockRunner& b) : b_(b), was_(std::exchange(b.in_sink_, true)) {}
    ~SinkCall() { b_.in_sink_ = was_; }
    SinkCall(const SinkCall&) = delete;
    SinkCall& operator=(const SinkCall&) = delete;

   private:
    BlockRunner& b_;
    bool was_;
  };
  void check_access(LaneState& lane, std::uintptr_t address, unsigned bytes, bool store, const void* code) {
    if (initcheck_) track_written(&lane, address, bytes, store, code);
    if (racecheck_) {
      record_access(lane, address, bytes, store, code);
      if (store) record_block_write(lane, address, bytes, code);
    }
  }
  // initcheck (init_shadow.cpp): shared memory's written bytes, one per byte, reset for each block
  // (dynamic shared first, then this thread's static __shared__ variables); and the last device
  // buffer (or untracked page) the watch was asked about.
  struct SharedBytes {
    std::uintptr_t begin = 0, end = 0;
    std::vector<std::uint8_t> written;
  };
  void start_init_tracking();
  void track_written(LaneState* lane, std::uintptr_t address, unsigned bytes, bool store, const void* code);
  void note_uninitialised(const LaneState& lane, std::uintptr_t address, unsigned bytes, const void* code, bool dynamic);
  std::vector<SharedBytes> shared_written_;
  bool static_shared_known_ = false;
  WrittenBytes buffer_written_{};
  std::unordered_set<const void*> uninit_noted_;  // code addresses told already in this block
  // Lockstep's LDS class: this thread's static TLS block and the dynamic shared region, as address
  // ranges (lds_tls_low_ + lds_tls_bytes_; dynamic_low_ + dynamic_bytes_), and t_coordinates itself.
  std::uintptr_t lds_tls_low_ = 0, lds_tls_bytes_ = 0, dynamic_low_ = 0, dynamic_bytes_ = 0, coordinates_slot_ = 0;
  void find_lds_ranges();
  std::uint32_t barriers_ = 0;  // barriers completed in this block
  std::unordered_map<std::uintptr_t, ShadowWord> shadow_;
  std::unordered_set<std::uint64_t> races_noted_;  // (kind, wave relation, code pair) told already
  std::optional<std::pair<FaultKind, std::string>> fault_;
  std::uint64_t linear_block_ = 0;
  BorrowedStackPool stacks_;
};

// The lane running on this OS thread (null outside a kernel).
extern thread_local constinit LaneState* t_lane;

}  // namespace wmmasim::simt::detail
