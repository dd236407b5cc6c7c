// `wmmasim check [--tool T]... [--json FILE] PROGRAM [ARGS...]`: runs a program built by wmmasim-hipcc
// with memcheck, racecheck, initcheck, synccheck and the layout check (wmmasim/check/run.hpp), prints each
// finding and a summary line; exit status 1 when it found an error, else the program's own.
#include <iostream>
#include <memory>

#include "command.hpp"
#include "wmmasim/check/run.hpp"
#include "wmmasim/files/atomic_file.hpp"

namespace wmmasim::cli {
namespace {

RegisterCommand check_command(
    "check", "Run a program built by wmmasim-hipcc with memcheck, racecheck, initcheck, synccheck and the layout check",
    [](CLI::App& sub) {
      auto o = std::make_shared<check::CheckOptions>();
      auto tools = std::make_shared<std::vector<std::string>>();
      auto json_path = std::make_shared<std::string>();
      sub.add_option("--tool", *tools, "memcheck, racecheck, initcheck, synccheck, layout or all (repeatable; default all)")
          ->allow_extra_args(false);  // one tool per --tool: the program follows
      sub.add_option("--json", *json_path, "Also write the findings to FILE as JSON");
      sub.add_option("program", o->command, "The program and its arguments")->required();
      sub.prefix_command();  // PROGRAM's own options belong to it
      return std::function<int()>([o, tools, json_path] {
        for (const std::string& t : *tools)
          if (t != "all") o->tools.push_back(t);
        const check::CheckResult result = check::run_check(*o);
        std::cerr << check::check_text(result);
        if (!json_path->empty()) files::write_atomically(*json_path, check::check_json(result), "the check findings");
        return check::check_status(result);
      });
    });

}  // namespace
}  // namespace wmmasim::cli
