// `wmmasim validate prog.hip [-- ARGS]`: the card owner's one command. Builds the program for the
// RDNA4 card with the configured HIP compiler and for the CPU emulator with wmmasim-hipcc, records
// it on the card (libwmmasim_record.so), replays the recording on the emulator and prints the diff.
// Without a GPU: one sentence, exit status 2. Exit 1 when the emulator differs from the card.
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

#include "command.hpp"
#include "record_program.hpp"
#include "run_hip_source.hpp"
#include "validate_program.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/runfile/launch_replay.hpp"

namespace wmmasim::cli {
namespace {

namespace fs = std::filesystem;

struct ValidateArgs {
  std::string source, out = "validate.json";
  std::vector<std::string> gpu_options, cpu_options, args;
};

class WorkDirectory {
 public:
  WorkDirectory() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/wmmasim-validate-XXXXXX";
    if (!::mkdtemp(pattern.data())) throw UserError("cannot create a temporary directory in " + pattern);
    path_ = pattern;
  }
  ~WorkDirectory() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  fs::path operator/(const std::string& name) const { return path_ / name; }

 private:
  fs::path path_;
};

int validate(const ValidateArgs& a) {
  if (!fs::exists(a.source)) throw UserError("there is no file " + a.source);
  const std::string target = hw::validation_target();
  std::cout << "validating " << a.source << " on " << target << "\n";
  WorkDirectory work;
  const std::string stem = fs::path(a.source).stem().string();
  const std::string gpu = (work / (stem + "-gpu")).string(), cpu = (work / (stem + "-cpu")).string();
  hw::build_gpu_program({a.source, target, gpu, a.gpu_options}, std::cerr);
  std::vector<std::string> cpu_options = {"--offload-arch=" + target};
  cpu_options.insert(cpu_options.end(), a.cpu_options.begin(), a.cpu_options.end());
  if (const int status = build_hip_source(a.source, cpu_options, cpu); status != 0)
    throw UserError("the CPU build of " + a.source + " failed (wmmasim-hipcc exited with status " + std::to_string(status) +
                    "; its messages are above)");

  hw::RecordOptions record;
  record.command = {gpu};
  record.command.insert(record.command.end(), a.args.begin(), a.args.end());
  record.out = a.out;
  if (const int status = hw::record_program(record, std::cout); status != 0)
    std::cout << "note: the program exited with status " << status << " on the GPU; its recording is replayed all the same\n";

  runfile::LaunchReplayOptions replay;
  replay.recording = a.out;
  replay.command = {cpu};
  replay.command.insert(replay.command.end(), a.args.begin(), a.args.end());
  const runfile::LaunchReplayReport report = runfile::replay_launches(replay);
  std::cout << runfile::launch_replay_text(report);
  std::cout << "send back: " << fs::absolute(a.out).string() << " and this output (docs/hw.md, \"Validating your program\")\n";
  return runfile::launch_replay_status(report);
}

RegisterCommand validate_command(
    "validate", "On a machine with an RDNA4 GPU: build prog.hip for the card and for the emulator, record it on the card, "
                "replay the recording on the emulator and print the diff",
    [](CLI::App& sub) {
      auto a = std::make_shared<ValidateArgs>();
      sub.add_option("source", a->source, "The HIP program (one .hip source)")->required();
      sub.add_option("--out", a->out, "Where the GPU recording is kept (the file to send back)")->capture_default_str();
      sub.add_option("--gpu-option", a->gpu_options, "An extra option for the GPU build's compiler and linker (repeatable)")
          ->allow_extra_args(false);
      sub.add_option("--cpu-option", a->cpu_options, "An extra option for wmmasim-hipcc (repeatable)")->allow_extra_args(false);
      sub.add_option("args", a->args, "The program's arguments, after --");
      return std::function<int()>([a] { return validate(*a); });
    });

}  // namespace
}  // namespace wmmasim::cli
