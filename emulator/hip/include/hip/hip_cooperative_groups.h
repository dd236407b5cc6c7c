// Not part of the HIP subset the CPU emulator provides (docs/hip-on-cpu.md). This header exists so that
// the GPU runtime's own copy in /usr/include/hip is never picked up by a CPU build.
#error "<hip/hip_cooperative_groups.h> is not supported by the wmmasim CPU emulator (docs/hip-on-cpu.md lists what is)"
