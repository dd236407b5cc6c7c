// wmmasim_hw_gen: writes the generated HIP sources (run by the build before the HIP compiler).
//   wmmasim_hw_gen kernels TARGET WAVE OUT.hip      the hw kernels of gfx TARGET, wave size WAVE
//   wmmasim_hw_gen signatures TARGET WAVE OUT.hip   the exact-type call of every builtin
#include <fstream>
#include <iostream>
#include <string>

#include "device_source.hpp"

int main(int argc, char** argv) {
  using namespace wmmasim::hw;
  if (argc != 5) {
    std::cerr << "usage: wmmasim_hw_gen kernels|signatures TARGET WAVE OUT.hip\n";
    return 2;
  }
  const std::string what = argv[1], target = argv[2], wave_text = argv[3];
  const auto arch = arch_of_target(target);
  if (!arch || (wave_text != "32" && wave_text != "64") || (what != "kernels" && what != "signatures")) {
    std::cerr << "wmmasim_hw_gen: expected kernels|signatures, a gfx11xx/gfx12xx target and wave 32 or 64\n";
    return 2;
  }
  const int wave = std::stoi(wave_text);
  std::vector<SignatureCase> cases;
  const std::string text = what == "kernels" ? device_source(*arch, wave) : signature_source(*arch, wave, false, cases);
  // Write only when the text changed, so an unchanged table does not recompile the device code.
  {
    std::ifstream old(argv[4], std::ios::binary);
    const std::string previous((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>());
    if (old && previous == text) return 0;
  }
  std::ofstream out(argv[4], std::ios::binary);
  out << text;
  return out ? 0 : 1;
}
