// What a completed barrier tells the launch's SyncNoteSink (wmmasim/simt/sync_notes.hpp): where it
// relied on S_BARRIER's rules (exited lanes, other barrier instructions, divergent waves) rather than
// HIP's "every thread reaches the same __syncthreads". Only called when a sink is set.
#include <cstring>
#include <exception>

#include "block_runner.hpp"
#include "wmmasim/simt/sync_notes.hpp"

namespace wmmasim::simt::detail {
namespace {

bool same_point(const std::source_location& a, const std::source_location& b) {
  return a.line() == b.line() && a.column() == b.column() &&
         (a.file_name() == b.file_name() || std::strcmp(a.file_name(), b.file_name()) == 0);
}

}  // namespace

void BlockRunner::note_barrier() {
  const auto send = [&](SyncNoteKind kind, std::source_location other, std::vector<unsigned> threads) {
    for (const NotedBarrier& n : noted_)
      if (n.kind == static_cast<int>(kind) && same_point(n.where, barrier_where_) && same_point(n.other, other)) return;
    noted_.push_back(NotedBarrier{static_cast<int>(kind), barrier_where_, other});
    const SinkCall sink(*this);
    launch.options.sync_notes->note(SyncNote{kind, launch.kernel, block_idx, barrier_where_, other, std::move(threads)});
  };
  try {
    if (exited_ != 0) {
      std::vector<unsigned> exited;
      for (unsigned t = 0; t < lane_count_; ++t)
        if (lanes_[t].status == LaneStatus::exited) exited.push_back(t);
      send(SyncNoteKind::barrier_with_exited_threads, {}, std::move(exited));
    }
    if (barrier_mismatch_) {
      // One note for each other barrier, in the order of its lowest waiting thread.
      std::vector<std::pair<std::source_location, std::vector<unsigned>>> others;
      for (unsigned t = 0; t < lane_count_; ++t) {
        const LaneState& l = lanes_[t];
        if (l.status != LaneStatus::at_barrier || same_point(l.wait_where, barrier_where_)) continue;
        auto it = others.begin();
        while (it != others.end() && !same_point(it->first, l.wait_where)) ++it;
        if (it == others.end()) it = others.insert(others.end(), {l.wait_where, {}});
        it->second.push_back(t);
      }
      for (auto& [where, threads] : others) send(SyncNoteKind::barriers_at_different_points, where, std::move(threads));
    }
    // A wave diverged when its lanes are not all waiting at the barrier its lowest waiting lane waits at.
    std::vector<unsigned> diverged;
    for (const WaveState& w : waves) {
      const LaneState* first = nullptr;
      for (int i = 0; i < w.active && !first; ++i)
        if (lanes_[w.first_tid + i].status == LaneStatus::at_barrier) first = &lanes_[w.first_tid + i];
      if (!first) continue;
      for (int i = 0; i < w.active; ++i) {
        const LaneState& l = lanes_[w.first_tid + i];
        if (l.status != LaneStatus::at_barrier || !same_point(l.wait_where, first->wait_where)) diverged.push_back(l.tid);
      }
    }
    if (!diverged.empty()) send(SyncNoteKind::barrier_in_divergent_wave, {}, std::move(diverged));
  } catch (const std::exception& e) {
    record_fault(FaultKind::misuse, "the launch's SyncNoteSink threw (\"" + std::string(e.what()) + "\") in kernel " +
                                        launch.kernel + ", block " + block_name());
  }
}

}  // namespace wmmasim::simt::detail
