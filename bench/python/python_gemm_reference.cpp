// The C++ side of bench/python/gemm_vs_cxx.py: a matrix-API GEMM on the seeded inputs the Python
// side also uses (random_matrix, seed 1, streams 0/1/2), timed around the gemm() call alone, after one
// untimed warm-up call (as the Python side, whose process has run GEMMs before, is warm too).
//   python_gemm_reference BUILTIN SIZE THREADS [D_OUT]  ->  prints the seconds; D's raw bits to D_OUT
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>

#include "wmmasim/error.hpp"
#include "wmmasim/layouts/lookup.hpp"
#include "wmmasim/matrix/gemm.hpp"
#include "wmmasim/matrix/random.hpp"

int main(int argc, char** argv) {
  using namespace wmmasim;
  if (argc < 4) {
    std::cerr << "usage: python_gemm_reference BUILTIN SIZE THREADS [D_OUT]\n";
    return 2;
  }
  try {
    const Instruction& ins = resolve_instruction(argv[1]);
    const int s = std::stoi(argv[2]);
    GemmOptions o;
    o.threads = std::stoi(argv[3]);
    const BitMatrix a = random_matrix(s, s, ins.a, 1, 0), b = random_matrix(s, s, ins.b, 1, 1),
                    c = random_matrix(s, s, ins.cd, 1, 2);
    gemm(ins, a, b, c, o);
    const auto start = std::chrono::steady_clock::now();
    const BitMatrix d = gemm(ins, a, b, c, o);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    std::printf("%.6f\n", took.count());
    if (argc > 4) {
      std::ofstream out(argv[4], std::ios::binary);
      out.write(reinterpret_cast<const char*>(d.bits.data()), static_cast<std::streamsize>(d.bits.size() * 4));
      if (!out) throw UserError(std::string("cannot write ") + argv[4]);
    }
  } catch (const std::exception& e) {
    std::cerr << "python_gemm_reference: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
