// What a layout's evidence rests on: a short name for reports, and for every operand whose evidence
// is neither plain AMD documentation nor unknown, the public source behind it (spec layouts.md 7.2
// and 5.5). Host and device code: constexpr, no heap.
#pragma once

#include <string_view>

#include "wmmasim/layouts/operand_layout.hpp"

namespace wmmasim {

// The word reports and run files use (run files leave documented layouts unlabelled).
WMMASIM_HD constexpr std::string_view evidence_name(Evidence e) {
  switch (e) {
    case Evidence::documented: return "documented";
    case Evidence::contested: return "documented-contested";
    case Evidence::third_party_report: return "third-party-report";
    case Evidence::hypothesis: return "hypothesis";
    default: return "unknown";
  }
}

// One sentence naming the source of a contested or third-party-report layout; empty otherwise.
// The sources are cited, not trusted: none of them is a capture this project replays.
WMMASIM_HD constexpr std::string_view evidence_source(const Instruction& ins, Operand op) {
  switch (operand_layout(ins, op).evidence) {
    case Evidence::third_party_report:
      return "no AMD document gives the global_load_tr_b64 map; a third-party gfx1201 probe "
             "(github.com/kmbandy/llama.cpp, ggml/src/ggml-cuda/aiter-integration/rdna4_fp8_gemm/bench/"
             "global_load_tr_contract.md, commit 008d17d) reports the same byte permutation for lanes loading "
             "base+8L and a bit-exact fp8 WMMA fed through it; weaker than a replayed capture until the hw "
             "program global_load_tr_b64_v2i32@linear has run (spec layouts.md 7.2)";
    case Evidence::contested:
      return "the documented reading (the low nibble of A slot G meets B row 4G+idx0, the high nibble 4G+idx1) "
             "is contested for IU4: ROCm/composable_kernel issue #3753 and PR #3759 report that gfx1201 needed "
             "idx0 and idx1 swapped and each XOR 1 (measured with the wave32 builtins; wave64 is marked by extension; "
             "probe alternative iu4-index-swap-xor1); a later revision of "
             "that PR attributes the remap to CK's high-nibble-first int4 packing, which would make it the "
             "documented reading in register terms; probe 12.15 decides (spec layouts.md 5.5)";
    default: return "";
  }
}

}  // namespace wmmasim
