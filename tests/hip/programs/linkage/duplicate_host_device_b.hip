#include <hip/hip_runtime.h>
__host__ __device__ int both() { return 2; }
