// threadIdx read by host code, outside any kernel: the program stops with a sentence naming it.
#include <hip/hip_runtime.h>

#include <cstdio>

int main() {
  std::printf("%u\n", threadIdx.x);
  return 0;
}
