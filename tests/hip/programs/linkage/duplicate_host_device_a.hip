// A __host__ __device__ function is a host function too: defined in two sources, it fails to link.
#include <hip/hip_runtime.h>
__host__ __device__ int both() { return 1; }
int main() { return both(); }
