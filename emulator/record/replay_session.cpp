#include "wmmasim/record/replay_session.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "wmmasim/error.hpp"
#include "wmmasim/runfile/launch_file_writer.hpp"

namespace wmmasim::record {
namespace {

std::string label(const runfile::LaunchRecord& l) {
  return "launch " + std::to_string(l.index) + " (" + runfile::kernel_base_name(l.kernel) + ")";
}

// A pointer value that is not null and points into no recorded buffer: memory the recording did not keep.
bool points_outside_the_recording(const runfile::LaunchArgument& a) {
  if (a.buffer >= 0) return false;
  return std::any_of(a.value.begin(), a.value.end(), [](std::uint8_t b) { return b != 0; });
}

ReplaySession* g_session = nullptr;

void finish_at_exit() {
  try {
    if (g_session) g_session->finish();
  } catch (const UserError& e) {
    std::fprintf(stderr, "wmmasim replay: %s\n", e.what());
    std::_Exit(2);
  }
}

}  // namespace

std::optional<std::string> replay_obstacle(const runfile::LaunchRecord& launch) {
  if (!launch.error.empty())
    return label(launch) + " failed when it was recorded (" + launch.error + "), so there are no results to compare a replay with";
  for (const runfile::LaunchBuffer& b : launch.buffers) {
    const std::string arg = b.arguments.empty() ? "a buffer" : "the buffer of argument " + std::to_string(b.arguments.front());
    const std::string why = b.skipped.empty() ? "" : " (" + b.skipped + ")";
    if (!b.before) return label(launch) + " cannot be replayed: " + arg + "'s contents before it were not recorded" + why;
    if (b.output && !b.after)
      return label(launch) + " cannot be replayed: " + arg + "'s contents after it were not recorded" + why +
             ", so there is nothing to compare";
  }
  return std::nullopt;
}

std::optional<ReplaySettings> ReplaySettings::from_environment() {
  return from([](const char* name) -> const char* { return std::getenv(name); });
}

std::optional<ReplaySettings> ReplaySettings::from(const std::function<const char*(const char*)>& get) {
  const char* recording = get("WMMASIM_REPLAY");
  if (!recording || !*recording) return std::nullopt;
  ReplaySettings s;
  s.recording = recording;
  const char* out = get("WMMASIM_REPLAY_OUT");
  if (!out || !*out) throw UserError("WMMASIM_REPLAY is set but WMMASIM_REPLAY_OUT, the file the replayed launches go to, is not");
  s.out = out;
  if (const char* l = get("WMMASIM_REPLAY_LAUNCHES"); l && *l) s.launches = LaunchFilter::parse(l, "WMMASIM_REPLAY_LAUNCHES");
  if (const char* c = get("WMMASIM_REPLAY_CHECK_LAYOUTS"); c && *c) {
    const std::string v = c;
    if (v != "0" && v != "1") throw UserError("WMMASIM_REPLAY_CHECK_LAYOUTS is '" + v + "', not 0 or 1");
    s.check_layouts = v == "1";
  }
  return s;
}

ReplaySession::ReplaySession(ReplaySettings settings)
    : settings_(std::move(settings)), recording_(runfile::read_run_file(settings_.recording)) {
  if (recording_.launches.empty())
    throw UserError(settings_.recording + " holds no launch records, so there is nothing to replay");
  for (const runfile::LaunchRecord& l : recording_.launches)
    if (settings_.launches.selects(l.index, l.kernel)) selected_.emplace(l.index, &l);
  writer_ = std::make_unique<runfile::LaunchFileWriter>(settings_.out,
                                                         runfile::Producer{"emulator", "wmmasim replay (CPU emulator)", std::nullopt});
}

ReplaySession::~ReplaySession() = default;

ReplaySession::Decision ReplaySession::next(const ProgramLaunch& launch) {
  std::lock_guard lock(mutex_);
  Decision d;
  d.index = next_index_++;
  if (kernels_seen_.size() < 64) kernels_seen_.push_back(launch.kernel);
  if (stopped_) {
    d.action = Decision::Action::stop;
    return d;
  }
  const auto it = selected_.find(d.index);
  if (it == selected_.end()) return d;
  const runfile::LaunchRecord& r = *it->second;
  auto fail = [&](const std::string& sentence) {
    failures_.push_back({{"index", r.index}, {"kernel", runfile::kernel_base_name(r.kernel)}, {"sentence", sentence}});
    ++done_;
    return d;
  };
  const runfile::KernelMatch match = runfile::match_kernels(r.kernel, launch.kernel);
  if (match == runfile::KernelMatch::different) {
    stopped_ = true;
    d.action = Decision::Action::stop;
    return fail("the recording's launch " + std::to_string(r.index) + " is kernel " + runfile::kernel_base_name(r.kernel) +
                ", but the program's launch " + std::to_string(d.index) + " is " + launch.kernel +
                ": the program did not make the recorded launches (is it the recorded program, run with the arguments it was recorded with?)");
  }
  if (match == runfile::KernelMatch::same_function)
    d.notes.push_back("paired by launch number with the program's launch of " + launch.kernel +
                      ", whose name differs from the recording's in namespaces or template arguments");
  if (auto why = replay_obstacle(r)) return fail(*why);
  if (r.arguments.size() != launch.arguments.size())
    return fail(label(r) + " has " + std::to_string(r.arguments.size()) + " arguments in the recording and " +
                std::to_string(launch.arguments.size()) + " in the program's launch");
  for (std::size_t i = 0; i < r.arguments.size(); ++i) {
    const runfile::LaunchArgument& a = r.arguments[i];
    const ProgramLaunch::Argument& p = launch.arguments[i];
    if (a.value.size() != p.bytes)
      return fail(label(r) + " cannot be replayed: argument " + std::to_string(i) + " has " + std::to_string(a.value.size()) +
                  " bytes in the recording and " + std::to_string(p.bytes) +
                  " in the program's launch (pass it as the kernel's parameter type at the launch)");
    if (a.buffer >= 0 && !p.is_pointer)
      return fail(label(r) + " cannot be replayed: argument " + std::to_string(i) +
                  " points into a recorded buffer, but the program passes a value that is not a pointer");
    if (p.is_pointer && points_outside_the_recording(a))
      return fail(label(r) + " cannot be replayed: argument " + std::to_string(i) +
                  " points to memory the recording did not keep (not an allocation made through the HIP runtime)");
  }
  if (r.wave_size && launch.wave_size && r.wave_size != launch.wave_size)
    return fail(label(r) + " ran in wave" + std::to_string(r.wave_size) + " when it was recorded, but the program is built for wave" +
                std::to_string(launch.wave_size) + " (build it for the recorded target)");
  d.action = Decision::Action::replay;
  d.record = &r;
  return d;
}

void ReplaySession::replayed(const runfile::LaunchRecord& record, std::vector<std::string> layout_check) {
  std::lock_guard lock(mutex_);
  writer_->append(record);
  if (!layout_check.empty()) layout_checks_.push_back({{"index", record.index}, {"lines", std::move(layout_check)}});
  ++done_;
}

void ReplaySession::failed(std::uint64_t index, const std::string& sentence) {
  std::lock_guard lock(mutex_);
  const auto it = selected_.find(index);
  failures_.push_back({{"index", index}, {"kernel", it == selected_.end() ? "" : runfile::kernel_base_name(it->second->kernel)},
                       {"sentence", sentence}});
  ++done_;
}

bool ReplaySession::complete() const {
  std::lock_guard lock(mutex_);
  return stopped_ || done_ >= selected_.size();
}

std::optional<std::string> ReplaySession::failure_of(std::uint64_t index) const {
  std::lock_guard lock(mutex_);
  for (const auto& f : failures_)
    if (f["index"].get<std::uint64_t>() == index) return f["sentence"].get<std::string>();
  return std::nullopt;
}

void ReplaySession::finish() {
  std::lock_guard lock(mutex_);
  if (finished_) return;
  finished_ = true;
  nlohmann::json replay = {{"recording", settings_.recording},
                           {"launches_seen", next_index_},
                           {"kernels_seen", kernels_seen_},
                           {"stopped", stopped_},
                           {"failures", failures_},
                           {"layout_checks", layout_checks_}};
  writer_->finish({{"replay", std::move(replay)}});
}

ReplaySession* process_replay_session() {
  static std::once_flag once;
  std::call_once(once, [] {
    try {
      std::optional<ReplaySettings> settings = ReplaySettings::from_environment();
      if (!settings) return;
      g_session = new ReplaySession(std::move(*settings));  // lives until exit
      std::atexit(finish_at_exit);
    } catch (const UserError& e) {
      std::fprintf(stderr, "wmmasim replay: %s\n", e.what());
      std::_Exit(2);
    }
  });
  return g_session;
}

}  // namespace wmmasim::record
