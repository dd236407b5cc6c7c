// A host function defined in two sources: a genuine duplicate, which must still fail to link.
#include <hip/hip_runtime.h>
int helper() { return 1; }
int main() { return helper(); }
