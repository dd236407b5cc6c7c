// `wmmasim replay RECORDING --program PROG [-- ARGS]`: the recorded inputs of every launch (or of
// --launch N / --kernel NAME) run through PROG, the program built for the CPU emulator, and what it
// computes is compared with the recording (wmmasim/runfile/launch_replay.hpp). Exit status 1 when
// anything differs, 2 when a launch could not be replayed.
#include <iostream>
#include <memory>

#include "command.hpp"
#include "wmmasim/runfile/launch_replay.hpp"

namespace wmmasim::cli {
namespace {

RegisterCommand replay_command(
    "replay", "Run a recording's launches (GPU or CPU) on the emulator through the program built by wmmasim-hipcc, and diff them",
    [](CLI::App& sub) {
      auto o = std::make_shared<runfile::LaunchReplayOptions>();
      auto program = std::make_shared<std::string>();
      auto args = std::make_shared<std::vector<std::string>>();
      auto types = std::make_shared<std::vector<std::string>>();
      auto max_lines = std::make_shared<int>(20);
      auto no_check = std::make_shared<bool>(false);
      sub.add_option("recording", o->recording, "The recording (wmmasim hw record, or WMMASIM_RECORD)")->required();
      sub.add_option("--program", *program, "The same program built for the CPU emulator by wmmasim-hipcc")->required();
      sub.add_option("--launch", o->launches, "Replay only this launch number (repeatable)");
      sub.add_option("--kernel", o->kernel, "Replay only the launches of this kernel (name without parameters, or a glob)");
      sub.add_option("--type", *types, "Read a buffer's elements as TYPE: argN=TYPE or KERNEL:argN=TYPE (as wmmasim diff)");
      sub.add_option("--max-lines", *max_lines, "Differing elements listed per buffer")->capture_default_str();
      sub.add_flag("--no-layout-check", *no_check, "Do not run the layout check on launches whose outputs differ");
      sub.add_option("args", *args, "The program's arguments, after --");
      return std::function<int()>([o, program, args, types, max_lines, no_check] {
        o->command = {*program};
        o->command.insert(o->command.end(), args->begin(), args->end());
        for (const std::string& t : *types) o->types.push_back(runfile::TypeOverride::parse(t));
        o->max_listed = static_cast<std::size_t>(std::max(*max_lines, 0));
        o->check_layouts = !*no_check;
        const runfile::LaunchReplayReport report = runfile::replay_launches(*o);
        std::cout << runfile::launch_replay_text(report);
        return runfile::launch_replay_status(report);
      });
    });

}  // namespace
}  // namespace wmmasim::cli
