// Replay mode (WMMASIM_REPLAY, wmmasim/record/replay_session.hpp): at a launch the recording holds,
// the program's own launch runs its kernel on the recorded inputs instead of the program's — fresh
// device buffers with the contents from before the recorded launch, the recorded scalars, grid,
// block and dynamic LDS — and what the kernel wrote is handed to the session. When the outputs
// differ from the recording, the launch runs once more under the layout check (docs/diagnosis.md),
// whose findings say whether the fragments were where the layouts put them.
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "runtime_state.hpp"
#include "wmmasim/diagnosis/check.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/hip/detail/launch.hpp"
#include "wmmasim/record/replay.hpp"
#include "wmmasim/record/replay_session.hpp"

namespace wmmasim::hip::runtime {
namespace {

thread_local bool t_replaying = false;                  // inside a replayed launch: run it as given
thread_local simt::LayoutCheck* t_layout_check = nullptr;  // the check of the replayed launch, if any

// The device allocations of one replayed launch, freed when it is done.
class ReplayBuffers {
 public:
  ~ReplayBuffers() {
    for (void* p : allocations_) (void)hipFree(p);
  }
  std::uint64_t allocate(std::uint64_t bytes) {
    void* p = nullptr;
    if (hipMalloc(&p, bytes) != hipSuccess || (!p && bytes))
      throw UserError("the CPU emulator could not allocate the " + std::to_string(bytes) + "-byte buffer the replay needs");
    allocations_.push_back(p);
    return reinterpret_cast<std::uint64_t>(p);
  }
  static void upload(std::uint64_t address, const std::vector<std::uint8_t>& contents) {
    if (hipMemcpy(reinterpret_cast<void*>(address), contents.data(), contents.size(), hipMemcpyHostToDevice) != hipSuccess)
      throw UserError("the recorded contents could not be copied into the replay's buffer");
  }

 private:
  std::vector<void*> allocations_;
};

std::vector<std::uint8_t> download(std::uint64_t address, std::uint64_t bytes) {
  std::vector<std::uint8_t> host(bytes);
  if (bytes && hipMemcpy(host.data(), reinterpret_cast<const void*>(address), bytes, hipMemcpyDeviceToHost) != hipSuccess)
    throw UserError("the replayed launch's results could not be read back");
  return host;
}

bool outputs_differ(const runfile::LaunchRecord& recorded, const runfile::LaunchRecord& replayed) {
  for (std::size_t b = 0; b < recorded.buffers.size(); ++b)
    if (recorded.buffers[b].output && recorded.buffers[b].after != replayed.buffers[b].after) return true;
  return false;
}

// The layout check's verdict on a launch, one line per finding (or one saying there is none).
std::vector<std::string> layout_lines(const diagnosis::LayoutChecker& checker) {
  std::vector<std::string> lines;
  if (checker.instructions_checked() == 0) return lines;  // no matrix instruction: nothing to say
  for (const diagnosis::Finding& f : checker.findings()) lines.push_back("layout check: " + diagnosis::finding_line(f));
  if (lines.empty())
    lines.push_back("layout check: no finding in " + std::to_string(checker.fragments_checked()) +
                    " fragments: every element is where the instruction's layout puts it, so the difference comes "
                    "from the arithmetic (the numerics model) or from code outside the matrix instructions");
  return lines;
}

}  // namespace

simt::LayoutCheck* replay_layout_check() { return t_layout_check; }

std::optional<hipError_t> replay_launch(const detail::LaunchSite& site, dim3, dim3, std::size_t, hipStream_t stream,
                                        int wave_size, std::span<const detail::LaunchArgument> arguments,
                                        void (*entry)(const void*), const void* context) {
  if (t_replaying) return std::nullopt;
  record::ReplaySession* session = record::process_replay_session();
  if (!session) return std::nullopt;
  record::ProgramLaunch launch{site.kernel, {}, wave_size};
  for (const detail::LaunchArgument& a : arguments) launch.arguments.push_back({a.bytes, a.is_pointer});
  const record::ReplaySession::Decision decision = session->next(launch);
  auto stop_program = [session](int status) {
    try {
      session->finish();
    } catch (const UserError& e) {
      std::fprintf(stderr, "wmmasim replay: %s\n", e.what());
      status = 2;
    }
    std::fflush(nullptr);
    _exit(status);
  };
  using Action = record::ReplaySession::Decision::Action;
  if (decision.action == Action::stop) stop_program(0);
  if (decision.action == Action::run) return std::nullopt;

  const runfile::LaunchRecord& recorded = *decision.record;
  ReplayBuffers buffers;
  record::ReplayPlan plan;
  try {
    plan = record::plan_replay(
        recorded, [&](std::uint64_t bytes) { return buffers.allocate(bytes); }, ReplayBuffers::upload);
  } catch (const UserError& e) {
    session->failed(decision.index, e.what());
    if (session->complete()) stop_program(0);
    return std::nullopt;
  }
  // The launch's own argument copies (Launch::run's tuple) take the recorded bytes; the kernel
  // converts them to its parameters exactly as it would the program's.
  for (std::size_t i = 0; i < arguments.size(); ++i)
    std::memcpy(const_cast<void*>(arguments[i].value), plan.arguments[i].data(), arguments[i].bytes);
  const dim3 grid(recorded.grid[0], recorded.grid[1], recorded.grid[2]);
  const dim3 block(recorded.block[0], recorded.block[1], recorded.block[2]);
  const auto run = [&](simt::LayoutCheck* check) {
    t_replaying = true;
    t_layout_check = check;
    const hipError_t e = detail::launch(site, grid, block, recorded.dynamic_lds, stream, wave_size, arguments, entry, context);
    t_replaying = false;
    t_layout_check = nullptr;
    return e;
  };

  const hipError_t error = run(nullptr);
  runfile::LaunchRecord replayed;
  std::vector<std::string> layout_check;
  if (error == hipSuccess) {
    replayed = record::replayed_record(recorded, plan, download);
    if (session->settings().check_layouts && outputs_differ(recorded, replayed)) {
      for (std::size_t b = 0; b < recorded.buffers.size(); ++b) ReplayBuffers::upload(plan.buffers[b], *recorded.buffers[b].before);
      diagnosis::LayoutChecker checker;
      if (run(&checker) == hipSuccess) layout_check = layout_lines(checker);
    }
  } else {
    replayed = recorded;
    for (runfile::LaunchBuffer& b : replayed.buffers) b.after.reset();
    replayed.error = hipGetErrorName(error);
    replayed.notes.push_back("the replay failed" + (sticky_sentence().empty() ? std::string() : ": " + sticky_sentence()));
  }
  for (const std::string& n : decision.notes) replayed.notes.push_back(n);
  session->replayed(replayed, std::move(layout_check));
  if (session->complete()) stop_program(0);
  return error;
}

}  // namespace wmmasim::hip::runtime
