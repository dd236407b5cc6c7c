#include <hip/hip_runtime.h>

__global__ void add_one(int* v) { v[threadIdx.x] += threadIdx.x + 1; }
