// Uses the installed headers and libraries: a layout query and a one-tile integer GEMM.
#include <cstdio>

#include "wmmasim/layouts/instruction_table.hpp"
#include "wmmasim/layouts/operand_layout.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

int main() {
  using namespace wmmasim;
  const Instruction& ins = *find_builtin("wmma_i32_16x16x16_iu8_w32_gfx12");
  const Place p = operand_layout(ins, Operand::a).first_place({3, 9});
  const BitMatrix a = random_matrix(16, 16, ins.a, 1, 0), b = random_matrix(16, 16, ins.b, 1, 1), c = random_matrix(16, 16, ins.cd, 1, 2);
  const BitMatrix d = gemm(ins, a, b, c);
  std::printf("A[3][9] lane %d v%d bits %d..%d; D has %zu elements\n", p.lane, p.vgpr, p.bit_lo, p.bit_hi, d.bits.size());
  return (p.lane == 19 && p.bit_lo == 8 && d.bits.size() == 256) ? 0 : 1;
}
