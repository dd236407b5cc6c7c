// A HIP API outside the subset the CPU emulator provides.
#include <hip/hip_runtime.h>
int main() {
  hipArray_t array;
  return hipMallocArray(&array, nullptr, 4, 4) == hipSuccess ? 0 : 1;
}
