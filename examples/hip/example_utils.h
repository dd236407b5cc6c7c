// Helpers every example here shares, as a HIP project keeps them in a small header of its own:
// error checks, deterministic inputs, and writing matrices for an outside checker.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define HIP_CHECK(call)                                                                             \
  do {                                                                                              \
    hipError_t status_ = (call);                                                                    \
    if (status_ != hipSuccess) {                                                                    \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, hipGetErrorString(status_)); \
      std::exit(1);                                                                                 \
    }                                                                                               \
  } while (0)

// A fixed-seed generator (xorshift32), so every run and every machine sees the same inputs.
struct Xorshift {
  uint32_t state;
  explicit Xorshift(uint32_t seed) : state(seed ? seed : 1u) {}
  uint32_t next() {
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return state;
  }
  // A small integer in [lo, hi].
  int range(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<uint32_t>(hi - lo + 1)); }
  // A float with few significant bits (k/8 for k in [-lo8, lo8]): exact in f16 and fp8 alike.
  float eighths(int lo8) { return static_cast<float>(range(-lo8, lo8)) / 8.0f; }
};

// Matrices written for tests/hip_examples (which recomputes them with wmmasim's matrix API):
// each is a line "name rows cols bits" and then its rows*cols elements, row-major, one hex value a
// line. Element bits: 4 (two to a byte, low nibble first), 8, 16 or 32.
class MatrixDump {
 public:
  // The file named by argv[1], if given; otherwise dumping does nothing.
  MatrixDump(int argc, char** argv) {
    if (argc > 1) {
      path_ = argv[1];
      file_ = std::fopen(path_, "w");
      if (!file_) {
        std::fprintf(stderr, "cannot write %s\n", path_);
        std::exit(2);
      }
    }
  }
  ~MatrixDump() {
    if (file_ && std::fclose(file_) != 0) {
      std::fprintf(stderr, "cannot write %s\n", path_);
      std::exit(2);
    }
  }
  MatrixDump(const MatrixDump&) = delete;
  MatrixDump& operator=(const MatrixDump&) = delete;

  void write(const char* name, const void* data, int rows, int cols, int bits) {
    if (!file_) return;
    const unsigned char* bytes = static_cast<const unsigned char*>(data);
    std::fprintf(file_, "%s %d %d %d\n", name, rows, cols, bits);
    for (long i = 0; i < static_cast<long>(rows) * cols; ++i) {
      uint32_t v = 0;
      if (bits == 4) v = (bytes[i / 2] >> (4 * (i % 2))) & 0xFu;
      else std::memcpy(&v, bytes + i * (bits / 8), static_cast<size_t>(bits / 8));
      std::fprintf(file_, "%x\n", v);
    }
  }

 private:
  const char* path_ = nullptr;
  FILE* file_ = nullptr;
};

// Counts mismatches against a host reference and prints the summary line every example ends with.
inline int report(const char* example, long mismatches, long checked) {
  if (mismatches == 0) {
    std::printf("%s: PASS (%ld values checked)\n", example, checked);
    return 0;
  }
  std::printf("%s: FAIL (%ld of %ld values differ)\n", example, mismatches, checked);
  return 1;
}
