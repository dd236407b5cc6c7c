// A HIP program that includes ROCm SMI, as rocWMMA's test harness does (hip_device.hpp), and asks it
// for the GPUs' clocks. wmmasim does not shadow rocm_smi.h: the program gets Debian's library, which
// on a machine without an AMD GPU fails to initialise or finds no device.
#include <hip/hip_runtime.h>
#include <rocm_smi/rocm_smi.h>

#include <cstdio>
#include <sys/stat.h>

int main() {
  struct stat kfd;
  const bool amd_gpu_driver = stat("/sys/class/kfd/kfd/topology/nodes", &kfd) == 0;
  const rsmi_status_t init = rsmi_init(0);
  uint32_t devices = 0;
  if (init == RSMI_STATUS_SUCCESS && rsmi_num_monitor_devices(&devices) != RSMI_STATUS_SUCCESS) devices = 0;
  int hip_devices = 0;
  (void)hipGetDeviceCount(&hip_devices);  // the emulated GPU, which ROCm SMI does not see
  if (init == RSMI_STATUS_SUCCESS) rsmi_shut_down();
  if (!amd_gpu_driver && init == RSMI_STATUS_SUCCESS && devices != 0) {
    std::printf("rocm_smi: %u devices without an AMD GPU driver\n", devices);
    return 1;
  }
  std::printf("rocm_smi: %s, %d emulated HIP device\n",
              amd_gpu_driver ? "an AMD GPU driver is present" : "no AMD GPU seen", hip_devices);
  return 0;
}
