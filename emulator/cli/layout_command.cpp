// `wmmasim layout`: placeholder until the layout views land (see issue 2).
#include "command.hpp"
#include "wmmasim/layouts/lookup.hpp"

namespace wmmasim::cli {
namespace {
RegisterCommand layout_command("layout", "Show and query operand layouts", [](CLI::App& sub) {
  auto builtin = std::make_shared<std::string>();
  sub.add_option("--builtin", *builtin, "clang builtin name or mnemonic")->required();
  return std::function<int()>([builtin] {
    resolve_instruction(*builtin);
    return 0;
  });
});
}  // namespace
}  // namespace wmmasim::cli
