// Tag values: what a tagged buffer element or a tagged D register element holds. Input tags are
// digits of the element's number (one digit per tagged run); D tags name the instruction execution
// and the D slot. Both avoid zero (what padding and unset registers hold) and, for float formats,
// NaN and infinity, so a kernel that copies values through float variables keeps them intact.
#pragma once

#include <cstdint>

namespace wmmasim::diagnosis::detail {

// Number of distinct input digits per element width.
constexpr std::uint64_t digit_base(int width) {
  switch (width) {
    case 32: return 0x3FFFFFFFu;
    case 16: return 0x7BFFu + 0x3BFFu;  // 0x0001..0x7BFF and 0xC001..0xFBFF: finite in f16 and bf16
    case 8: return 246;        // 0x01..0x7B and 0x81..0xFB: finite in E4M3 and E5M2
    case 4: return 15;
    default: return 0;
  }
}

constexpr std::uint32_t input_tag(int width, std::uint64_t digit) {
  if (width == 8) return static_cast<std::uint32_t>(digit < 123 ? digit + 1 : digit - 123 + 0x81);
  if (width == 16) return static_cast<std::uint32_t>(digit < 0x7BFF ? digit + 1 : digit - 0x7BFF + 0xC001);
  return static_cast<std::uint32_t>(digit + 1);
}

constexpr bool input_digit(int width, std::uint32_t v, std::uint64_t& digit) {
  switch (width) {
    case 32: if (v >= 1 && v < 0x40000000u) { digit = v - 1; return true; } return false;
    case 16:
      if (v >= 1 && v <= 0x7BFFu) { digit = v - 1; return true; }
      if (v >= 0xC001u && v <= 0xFBFFu) { digit = v - 0xC001u + 0x7BFF; return true; }
      return false;
    case 8:
      if (v >= 1 && v <= 0x7B) { digit = v - 1; return true; }
      if (v >= 0x81 && v <= 0xFB) { digit = v - 0x81 + 123; return true; }
      return false;
    case 4: if (v >= 1 && v <= 15) { digit = v - 1; return true; } return false;
    default: return false;
  }
}

// D tags (16-bit ones lie in 0x8001..0xBC00, between the input ranges): 32-bit ones name the execution modulo 2080768, 16-bit ones modulo 29 (the check then
// takes the latest execution with that remainder).
constexpr std::uint32_t kExecutions32 = 0x3F800000u >> 9, kExecutions16 = 29;

constexpr std::uint32_t d_tag(int width, std::uint32_t execution, int half, int slot) {
  const std::uint32_t low = static_cast<std::uint32_t>(half) << 8 | static_cast<std::uint32_t>(slot);
  if (width == 32) return 0x40000000u + ((execution % kExecutions32) << 9 | low);
  return 0x8001u + ((execution % kExecutions16) << 9 | low);
}

constexpr bool d_tag_of(int width, std::uint32_t v, std::uint32_t& execution_mod, int& half, int& slot) {
  std::uint32_t x;
  if (width == 32) {
    if (v < 0x40000000u || v >= 0x7F800000u) return false;
    x = v - 0x40000000u;
  } else if (width == 16) {
    if (v < 0x8001u || v > 0x8001u + (kExecutions16 << 9) - 1) return false;
    x = v - 0x8001u;
  } else {
    return false;
  }
  execution_mod = x >> 9;
  half = static_cast<int>(x >> 8 & 1);
  slot = static_cast<int>(x & 0xFF);
  return true;
}

}  // namespace wmmasim::diagnosis::detail
