#include <hip/hip_runtime.h>
int helper() { return 2; }
