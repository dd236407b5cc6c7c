// `wmmasim diff RUN.json [OTHER.json]`: replay a run file on the emulator (or compare two run files,
// or two recordings of a user's program launch by launch) and report every differing element by
// register place (or buffer element), bits and ULPs. Exit status 1 on any
// mismatch, 2 if a program could not be compared.
#include <algorithm>
#include <fstream>
#include <memory>

#include "command.hpp"
#include "wmmasim/error.hpp"
#include "wmmasim/files/atomic_file.hpp"
#include "wmmasim/runfile/diff.hpp"
#include "wmmasim/runfile/launch_diff.hpp"
#include "wmmasim/runfile/probe_verdict.hpp"

namespace wmmasim::cli {
namespace {

RegisterCommand diff_command("diff", "Replay a run file on the emulator, or compare two run files; exit 1 on any mismatch",
                             [](CLI::App& sub) {
  auto files = std::make_shared<std::vector<std::string>>();
  auto model = std::make_shared<std::string>();
  auto max_lines = std::make_shared<int>(20);
  sub.add_option("runs", *files, "RUN.json (replayed on the emulator), or EXPECTED.json GOT.json")->required()->expected(1, 2);
  sub.add_option("--model", *model, "numerics model for the replay (default: each builtin's default model)");
  sub.add_option("--max-lines", *max_lines, "mismatching elements listed per program")->capture_default_str();
  auto verdict = std::make_shared<bool>(false);
  auto calibration_out = std::make_shared<std::string>();
  sub.add_flag("--verdict", *verdict, "probe files: which candidate models reproduce each probe, fitted timing parameters "
                                      "(the default for a file of probes)");
  sub.add_option("--calibration-out", *calibration_out, "with a probe file: write the calibration JSON (cycles and numerics)");
  auto types = std::make_shared<std::vector<std::string>>();
  sub.add_option("--type", *types, "recordings (launch records): read a buffer's elements as TYPE, argN=TYPE or KERNEL:argN=TYPE "
                                   "(f64 f32 f16 bf16 fp8 bf8 i8 u8 i16 u16 i32 u32 i64 u64 b8)");
  return std::function<int()>([files, model, max_lines, verdict, calibration_out, types] {
    const Model* m = nullptr;
    if (!model->empty() && !(m = find_model(*model))) throw UserError("unknown model '" + *model + "'");
    const runfile::RunFile first = runfile::read_run_file(files->at(0));
    // A probe file is judged against its candidate hypotheses rather than replayed with one model.
    if (files->size() == 1 && !m && (*verdict || !calibration_out->empty() || runfile::is_probe_run(first))) {
      if (!runfile::is_probe_run(first))
        throw UserError(files->at(0) + " holds no probe of the suite, so there is nothing to give a verdict on (wmmasim hw probe writes such files)");
      const runfile::VerdictReport report = runfile::probe_verdicts(first, files->at(0));
      std::fputs(runfile::verdict_text(report).c_str(), stdout);
      if (!calibration_out->empty()) {
        files::write_atomically(*calibration_out, runfile::calibration_json(report, first).dump(2) + "\n",
                                "the --calibration-out file");
        std::printf("calibration: %s\n", calibration_out->c_str());
      }
      if (report.errors()) return 2;
      return report.unexplained() ? 1 : 0;
    }
    if (*verdict || !calibration_out->empty())
      throw UserError("--verdict and --calibration-out take one probe file and no --model");
    // Two recordings of a user's program (launch records): compared launch by launch.
    if (files->size() == 2) {
      const runfile::RunFile second = runfile::read_run_file(files->at(1));
      if (!first.launches.empty() || !second.launches.empty() || !types->empty()) {
        std::vector<runfile::TypeOverride> overrides;
        for (const std::string& t : *types) overrides.push_back(runfile::TypeOverride::parse(t));
        const runfile::LaunchDiffReport report =
            runfile::diff_launches(first, second, overrides, static_cast<std::size_t>(std::max(*max_lines, 0)));
        std::fputs(runfile::launch_diff_text(report).c_str(), stdout);
        if (report.differing()) return 1;
        return report.failed() ? 2 : 0;
      }
      const runfile::DiffReport report = runfile::diff_runs(first, second);
      std::fputs(runfile::text_report(report, *max_lines).c_str(), stdout);
      if (report.mismatches()) return 1;
      return report.errors() ? 2 : 0;
    }
    if (!types->empty()) throw UserError("--type applies to two recordings (wmmasim diff cpu.json gpu.json)");
    if (!first.launches.empty() && first.programs.empty())
      throw UserError(files->at(0) + " is a recording of launches, which is compared with another recording of the same "
                      "program: wmmasim diff cpu.json gpu.json");
    const runfile::DiffReport report = runfile::diff_against_emulator(first, m);
    std::fputs(runfile::text_report(report, *max_lines).c_str(), stdout);
    if (report.mismatches()) return 1;
    return report.errors() ? 2 : 0;
  });
});

}  // namespace
}  // namespace wmmasim::cli
