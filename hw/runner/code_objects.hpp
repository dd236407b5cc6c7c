// The device code objects compiled into this binary (one per target and wave size), embedded at
// build time so that an installed wmmasim needs no files next to it.
#pragma once

#include <string_view>
#include <vector>

namespace wmmasim::hw {

struct CodeObject {
  std::string_view target;  // gfx1201
  int wave = 32;
  const unsigned char* begin = nullptr;
  const unsigned char* end = nullptr;
  bool examples = false;  // the example kernels (examples/kernels/), not the table's programs
};

const std::vector<CodeObject>& embedded_code_objects();

}  // namespace wmmasim::hw
