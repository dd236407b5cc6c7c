// Grid and block extents, as in HIP: unspecified dimensions are 1.
#pragma once

#include <cstdint>
#include <string>

namespace wmmasim::simt {

struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr dim3() = default;
  constexpr dim3(unsigned x_, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr std::uint64_t volume() const { return std::uint64_t(x) * y * z; }
  friend constexpr bool operator==(const dim3&, const dim3&) = default;
};

// "(1,0,0)": how every message names a block or a thread.
inline std::string to_string(const dim3& d) {
  std::string s(1, '(');  // appended piecewise: g++ 12 warns falsely (-Wrestrict) on "(" + std::string
  s += std::to_string(d.x);
  s += ',';
  s += std::to_string(d.y);
  s += ',';
  s += std::to_string(d.z);
  s += ')';
  return s;
}

}  // namespace wmmasim::simt
