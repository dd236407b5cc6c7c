// The catalogue applied to whole matrices: which classic fragment mistake, made by a kernel computing
// D = A*B + C tile by tile with one instruction, gives exactly an observed D. Behind `wmmasim diff`.
#pragma once

#include <string>
#include <vector>

#include "wmmasim/matrix/gemm.hpp"

namespace wmmasim::diagnosis {

struct Explanation {
  std::string mistake;   // catalogue id
  Operand operand;       // the operand the mistake is made on (both A and B: operand a, `both` set)
  bool both = false;
  std::string sentence;  // "D equals the product with B transposed (b-transposed)"
};

// Every catalogue mistake (on A, on B, on C, on A and B alike, or in storing D) whose D equals
// `observed` bit for bit. Dense WMMA only (SWMMAC's A must stay 2:4 sparse); empty when none does.
std::vector<Explanation> explain_d(const Instruction& ins, const BitMatrix& a, const BitMatrix& b, const BitMatrix& c,
                                   const BitMatrix& observed, const GemmOptions& options = {});

}  // namespace wmmasim::diagnosis
