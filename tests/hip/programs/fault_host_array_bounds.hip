// Host code of a HIP source indexing past a local array: the same check as kernels get.
#include <hip/hip_runtime.h>
#include <cstdio>

int main(int argc, char**) {
  int counts[4] = {};
  for (int i = 0; i <= 3 + argc; ++i) counts[i] = i;  // argc is 1: one past the end
  std::printf("%d\n", counts[3]);
  return 0;
}
