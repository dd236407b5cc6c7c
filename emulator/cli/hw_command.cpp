// `wmmasim hw`: the HIP hardware backend (hw/). `hw list` shows the GPUs (or the programs), `hw run`
// runs programs on an RDNA4 card and writes a run file. Without a GPU, or in a binary built without
// the HIP toolchain, each says so in one sentence (exit status 2).
#include <iostream>
#include <memory>

#include "command.hpp"
#include "hw_backend.hpp"
#include "record_program.hpp"
#include "wmmasim/error.hpp"

namespace wmmasim::cli {
namespace {

RegisterCommand hw_command("hw", "Run programs on an RDNA4 GPU through HIP and write run files", [](CLI::App& sub) {
  sub.require_subcommand(1);
  CLI::App* list = sub.add_subcommand("list", "List the GPUs the HIP runtime sees (or, with --programs, the programs)");
  auto programs_flag = std::make_shared<bool>(false);
  list->add_flag("--programs", *programs_flag, "List every hardware program name instead of the devices");

  CLI::App* run = sub.add_subcommand("run", "Run programs on the GPU and write a run file (JSON, docs/hw.md)");
  auto options = std::make_shared<hw::RunOptions>();
  run->add_option("programs", options->programs, "Program names (wmmasim hw list --programs), or all")->required();
  run->add_option("--seed", options->seed, "Input seed: unsigned 64-bit, decimal or 0x-hex")->capture_default_str();
  run->add_option("--out", options->out, "Run file to write (written completely or not at all)")->capture_default_str();
  run->add_option("--device", options->device, "HIP device index (default: the first gfx1200/gfx1201)");
  run->add_option("--waves", options->waves, "Waves (one per work-group) running each program")->capture_default_str();
  run->add_option("--timeout", options->timeout_seconds, "Seconds a program may take before it counts as hung")
      ->capture_default_str();
  run->add_option("--m", options->m, "Example programs (wmmasim run --list): rows of A and D")->capture_default_str();
  run->add_option("--n", options->n, "Example programs: columns of B and D")->capture_default_str();
  run->add_option("--k", options->k, "Example programs: columns of A, rows of B")->capture_default_str();

  CLI::App* probe = sub.add_subcommand("probe", "Run the probe suite (numerics.md 12, timing T0-T8) and write a probe file");
  auto probe_options = std::make_shared<hw::RunOptions>();
  auto probe_list = std::make_shared<bool>(false);
  probe_options->probes = true;
  probe_options->out = "probe.json";
  probe->add_flag("--list", *probe_list, "List every probe and what it decides (needs no GPU)");
  probe->add_option("--only", probe_options->programs, "Run only these probes (names from --list)");
  probe->add_option("--out", probe_options->out, "Probe file to write (a run file; read it with wmmasim diff)")->capture_default_str();
  probe->add_option("--seed", probe_options->seed, "Seed of the random parts of the inputs")->capture_default_str();
  probe->add_option("--device", probe_options->device, "HIP device index (default: the first gfx1200/gfx1201)");
  probe->add_option("--timeout", probe_options->timeout_seconds, "Seconds a probe may take before it counts as hung")
      ->capture_default_str();

  CLI::App* record = sub.add_subcommand("record", "Run your own HIP program with libwmmasim_record.so and record every kernel "
                                                   "launch into a run file (wmmasim hw record --out gpu.json -- ./prog args)");
  auto record_options = std::make_shared<hw::RecordOptions>();
  record->add_option("--out", record_options->out, "Run file to write (written completely or not at all)")->capture_default_str();
  record->add_flag("--only-outputs", record_options->only_outputs, "Keep only buffers the kernels may write, after each launch");
  record->add_option("--launches", record_options->launches, "Launches to keep: numbers, ranges (3-5) or kernel names (globs), comma-separated");
  record->add_option("--max-bytes", record_options->max_bytes, "Largest allocation whose contents are kept (e.g. 64M; default 256M)");
  record->add_option("command", record_options->command, "The program and its arguments, after --")->required();

  return std::function<int()>([list, run, programs_flag, options, probe, probe_options, probe_list, record, record_options] {
    if (probe->parsed() && *probe_list) return hw::list_probes(std::cout);
    // Recording needs no device code of wmmasim's own, only the interposer.
    if (record->parsed()) return hw::record_program(*record_options, std::cout);
    if (!hw::backend_built()) throw UserError(hw::not_built_sentence());
    if (probe->parsed()) {
      hw::resolve_probe_names(probe_options->programs);  // a bad name is reported before any GPU work
      return hw::run_programs(*probe_options, std::cout);
    }
    if (list->parsed()) return *programs_flag ? hw::list_programs(std::cout) : hw::list_devices(std::cout);
    if (run->parsed()) return hw::run_programs(*options, std::cout);
    return 2;
  });
});

}  // namespace
}  // namespace wmmasim::cli
