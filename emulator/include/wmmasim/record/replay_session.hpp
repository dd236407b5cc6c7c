// Replay mode of a program built by wmmasim-hipcc (`wmmasim replay`, docs/hw.md "Replaying a
// recording"). The program runs as usual; at each launch it makes itself, the runtime asks the
// session what to do. A launch whose number the recording holds (and the selection keeps) runs the
// same kernel, but on the recording's inputs: fresh buffers holding the contents from before the
// recorded launch, the recorded scalar arguments, grid, block and dynamic LDS. What it computes is
// written, launch by launch, into a run file (version 2) that `wmmasim replay` compares with the
// recording. Once every selected launch has been replayed the program is stopped.
//
// Why at the program's own launches (and not by calling kernels by name from a registry): every
// kernel the program can launch is reached this way, template instantiations included, with the
// argument conversions its launch site performs; and the host code need not be deterministic,
// since nothing it computes reaches the replayed kernel except which kernel it launches.
//
// Settings (environment, set by `wmmasim replay`):
//   WMMASIM_REPLAY=recording.json          the recording; replay mode is off without it
//   WMMASIM_REPLAY_OUT=replayed.json       where the replayed launches are written
//   WMMASIM_REPLAY_LAUNCHES=LIST           recorded launches to replay (the recorder's filter syntax)
//   WMMASIM_REPLAY_CHECK_LAYOUTS=0         do not run the layout check on launches whose outputs differ
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "wmmasim/record/recorder.hpp"
#include "wmmasim/runfile/run_file.hpp"

namespace wmmasim::runfile {
class LaunchFileWriter;
}

namespace wmmasim::record {

struct ReplaySettings {
  std::string recording, out;
  LaunchFilter launches;
  bool check_layouts = true;

  // nullopt when WMMASIM_REPLAY is unset or empty; throws UserError (one sentence) on a bad value.
  static std::optional<ReplaySettings> from_environment();
  static std::optional<ReplaySettings> from(const std::function<const char*(const char*)>& get);
};

// A launch as the program makes it.
struct ProgramLaunch {
  std::string kernel;  // as the runtime names it ("scale", "gemm<float, 4>")
  struct Argument {
    std::size_t bytes = 0;
    bool is_pointer = false;
  };
  std::vector<Argument> arguments;
  int wave_size = 0;
};

class ReplaySession {
 public:
  // Reads the recording; throws UserError (one sentence) when it is not one.
  explicit ReplaySession(ReplaySettings settings);
  ~ReplaySession();
  ReplaySession(const ReplaySession&) = delete;
  ReplaySession& operator=(const ReplaySession&) = delete;

  struct Decision {
    enum class Action {
      run,     // not a launch to replay: run it as the program wrote it
      replay,  // run `record`'s kernel on its recorded inputs
      stop,    // the program's launches no longer follow the recording: end the program
    } action = Action::run;
    std::uint64_t index = 0;                        // the launch's number in the process
    const runfile::LaunchRecord* record = nullptr;  // replay
    std::vector<std::string> notes;                 // replay: e.g. paired by function name only
  };
  // Numbers the program's next launch and decides. A launch that cannot be replayed is noted as a
  // failure (failure_of) and run as written; a different kernel than the recording's stops the replay.
  Decision next(const ProgramLaunch& launch);

  // The outcome of a replayed launch: its record (replayed_record) and, when its outputs differ from
  // the recording's, the layout check's lines.
  void replayed(const runfile::LaunchRecord& record, std::vector<std::string> layout_check);
  void failed(std::uint64_t index, const std::string& sentence);

  // True once every selected recorded launch has been replayed or has failed.
  bool complete() const;
  // Writes the run file (temporary file + rename). Idempotent; throws UserError when it cannot.
  void finish();

  const ReplaySettings& settings() const { return settings_; }
  std::optional<std::string> failure_of(std::uint64_t index) const;

 private:
  ReplaySettings settings_;
  runfile::RunFile recording_;
  std::map<std::uint64_t, const runfile::LaunchRecord*> selected_;  // by launch number
  mutable std::mutex mutex_;
  std::uint64_t next_index_ = 0, done_ = 0;
  bool stopped_ = false, finished_ = false;
  std::vector<std::string> kernels_seen_;
  nlohmann::json failures_ = nlohmann::json::array(), layout_checks_ = nlohmann::json::array();
  std::unique_ptr<runfile::LaunchFileWriter> writer_;
};

// The process's session, made on first call from the environment, or nullptr when WMMASIM_REPLAY is
// unset. Registers finish() with atexit. A bad setting or an unreadable recording prints one
// sentence ("wmmasim replay: ...") on stderr and exits with status 2.
ReplaySession* process_replay_session();

// Why a recorded launch cannot be replayed (its inputs were not kept, it failed when recorded), as
// one sentence naming it; nullopt when it can. (plan_replay itself refuses only missing inputs.)
std::optional<std::string> replay_obstacle(const runfile::LaunchRecord& launch);

}  // namespace wmmasim::record
