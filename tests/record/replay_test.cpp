// Replaying a recorded launch: new allocations hold the recorded inputs, pointer arguments move with
// them (offsets kept), scalars stay; a replay that computes the same outputs diffs clean, one that
// does not is caught at its element; a buffer recorded without its inputs cannot be replayed.
#include <gtest/gtest.h>

#include <cstring>
#include <map>

#include "wmmasim/error.hpp"
#include "wmmasim/record/replay.hpp"
#include "wmmasim/runfile/launch_diff.hpp"

namespace wmmasim::record {
namespace {

// A recording of add_one(const int* in, int* out, int n), out passed 8 bytes into its allocation.
runfile::LaunchRecord recorded() {
  runfile::LaunchRecord l;
  l.kernel = "add_one(int const*, int*, int)";
  const std::uint64_t in = 0x1000, out = 0x2008;
  const int n = 4;
  auto bytes = [](const void* p, std::size_t k) {
    const auto* b = static_cast<const std::uint8_t*>(p);
    return std::vector<std::uint8_t>(b, b + k);
  };
  l.arguments = {{"const int*", bytes(&in, 8), 0, 0}, {"int*", bytes(&out, 8), 1, 8}, {"int", bytes(&n, 4), -1, 0}};
  const int in_values[4] = {10, 20, 30, 40}, out_before[6] = {0, 0, 0, 0, 0, 0}, out_after[6] = {0, 0, 11, 21, 31, 41};
  runfile::LaunchBuffer a;
  a.bytes = 16;
  a.arguments = {0};
  a.output = false;
  a.before = a.after = bytes(in_values, 16);
  runfile::LaunchBuffer b;
  b.bytes = 24;
  b.arguments = {1};
  b.before = bytes(out_before, 24);
  b.after = bytes(out_after, 24);
  l.buffers = {a, b};
  return l;
}

struct Memory {
  std::map<std::uint64_t, std::vector<std::uint8_t>> blocks;
  std::uint64_t next = 0x70000000;
  std::uint64_t allocate(std::uint64_t bytes) {
    const std::uint64_t at = next;
    blocks[at].resize(bytes);
    next += 0x10000;
    return at;
  }
  // The kernel, run on the replay's memory from its argument bytes.
  void add_one(const ReplayPlan& plan) {
    std::uint64_t in, out;
    int n;
    std::memcpy(&in, plan.arguments[0].data(), 8);
    std::memcpy(&out, plan.arguments[1].data(), 8);
    std::memcpy(&n, plan.arguments[2].data(), 4);
    const std::uint64_t in_base = blocks.lower_bound(in)->first, out_base = std::prev(blocks.upper_bound(out))->first;
    for (int i = 0; i < n; ++i) {
      int v;
      std::memcpy(&v, &blocks[in_base][in - in_base + 4 * i], 4);
      ++v;
      std::memcpy(&blocks[out_base][out - out_base + 4 * i], &v, 4);
    }
  }
};

TEST(Replay, RebuildsArgumentsOverNewAllocationsAndDiffsCleanWhenOutputsAgree) {
  Memory m;
  const runfile::LaunchRecord rec = recorded();
  const ReplayPlan plan = plan_replay(rec, [&](std::uint64_t n) { return m.allocate(n); },
                                      [&](std::uint64_t at, const std::vector<std::uint8_t>& c) { m.blocks[at] = c; });
  ASSERT_EQ(plan.buffers.size(), 2u);
  std::uint64_t out;
  std::memcpy(&out, plan.arguments[1].data(), 8);
  EXPECT_EQ(out, plan.buffers[1] + 8);
  EXPECT_EQ(plan.arguments[2], rec.arguments[2].value);
  EXPECT_EQ(m.blocks[plan.buffers[0]], *rec.buffers[0].before);
  m.add_one(plan);
  runfile::RunFile a, b;
  a.launches = {rec};
  b.launches = {replayed_record(rec, plan, [&](std::uint64_t at, std::uint64_t) { return m.blocks[at]; })};
  EXPECT_EQ(runfile::diff_launches(a, b).differing(), 0u);

  m.blocks[plan.buffers[1]][8 + 4 * 2] ^= 1;  // out[2] off by one
  b.launches = {replayed_record(rec, plan, [&](std::uint64_t at, std::uint64_t) { return m.blocks[at]; })};
  const runfile::LaunchDiffReport d = runfile::diff_launches(a, b);
  ASSERT_EQ(d.differing(), 1u);
  for (const runfile::BufferDiff& bd : d.launches[0].buffers)
    if (bd.differing) EXPECT_EQ(bd.differences.at(0).where, "[2]");
}

TEST(Replay, ABufferWithoutItsInputsCannotBeReplayed) {
  runfile::LaunchRecord rec = recorded();
  rec.buffers[1].before.reset();
  rec.buffers[1].skipped = "not an output (only outputs are recorded)";
  Memory m;
  try {
    plan_replay(rec, [&](std::uint64_t n) { return m.allocate(n); }, [](std::uint64_t, const std::vector<std::uint8_t>&) {});
    ADD_FAILURE();
  } catch (const UserError& e) {
    EXPECT_EQ(std::string(e.what()), "launch 0 (add_one) cannot be replayed: the contents of argument 1's buffer before it were not "
                                     "recorded (not an output (only outputs are recorded))");
  }
}

}  // namespace
}  // namespace wmmasim::record
