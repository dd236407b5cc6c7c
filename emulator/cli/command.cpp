#include "command.hpp"

namespace wmmasim::cli {

std::vector<CommandSpec>& registered_commands() {
  static std::vector<CommandSpec> commands;
  return commands;
}

}  // namespace wmmasim::cli
