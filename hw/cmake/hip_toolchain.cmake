# Finds a HIP-capable clang for the hw device code and the HIP headers for the runner, and checks
# them by compiling a probe kernel for every target of WMMASIM_HW_ARCHS. Sets WMMASIM_HW_BACKEND
# (ON/OFF) and, when ON: WMMASIM_HIP_COMPILER_USED, WMMASIM_HIP_COMPILER_VERSION,
# WMMASIM_HIP_INCLUDE_DIR, WMMASIM_HIP_RUNTIME_LIBRARY (may be empty: dlopen searches at run time),
# WMMASIM_HW_OBJDUMP, WMMASIM_HW_READELF.
set(WMMASIM_HW_ARCHS "gfx1200;gfx1201;gfx1100" CACHE STRING
  "GPU targets of the hw device code: gfx12xx get the RDNA4 builtins, gfx11xx the RDNA3 ones")
set(WMMASIM_HIP_COMPILER "" CACHE FILEPATH
  "HIP-capable clang (amdclang++, clang++-19, hipcc...); empty: search /opt/rocm and PATH")
# Device-only compile: an ELF code object per target, no HIP headers and no device libraries
# (Debian's predate gfx12; the kernels need neither).
set(WMMASIM_HIP_DEVICE_FLAGS -x hip -nogpulib -nogpuinc -O2 -std=c++20 --cuda-device-only --no-gpu-bundle-output)
# The example kernels (examples/kernels/) include <hip/hip_runtime.h> through wmmasim/kernel.hpp, so
# they need the HIP headers (--hip-path, set below once they are found) but still no device library.
set(WMMASIM_HIP_EXAMPLE_FLAGS -x hip -nogpulib -O2 -std=c++20 --cuda-device-only --no-gpu-bundle-output)
set(WMMASIM_HW_EXAMPLES OFF)  # ON when the example kernels compile for the gfx12 targets

set(WMMASIM_HW_BACKEND OFF)
set(WMMASIM_HW_SKIP_REASON "")  # a phrase for `wmmasim hw` when the backend is skipped

function(_wmmasim_hip_probe compiler result)
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/hip_probe")
  file(WRITE "${dir}/probe.hip" "extern \"C\" __attribute__((global)) void probe(unsigned long long* t) { *t = __builtin_readcyclecounter(); }\n")
  foreach(target IN LISTS WMMASIM_HW_ARCHS)
    execute_process(COMMAND "${compiler}" ${WMMASIM_HIP_DEVICE_FLAGS} --offload-arch=${target} -c probe.hip -o probe_${target}.o
      WORKING_DIRECTORY "${dir}" RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
      string(REGEX MATCH "[^\n]*error[^\n]*" first_error "${err}")
      if(first_error STREQUAL "")
        set(first_error "exit status ${rc}")
      endif()
      set(${result} "cannot compile for ${target}: ${first_error}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${result} "" PARENT_SCOPE)
endfunction()

if(NOT WMMASIM_BUILD_HW)
  message(STATUS "wmmasim hw: WMMASIM_BUILD_HW is OFF; the HIP backend is skipped (wmmasim hw will say so)")
  set(WMMASIM_HW_SKIP_REASON "it was configured with WMMASIM_BUILD_HW=OFF")
  return()
endif()

set(_hip_hints /opt/rocm/llvm/bin /opt/rocm/bin)
if(DEFINED ENV{ROCM_PATH})
  list(PREPEND _hip_hints "$ENV{ROCM_PATH}/llvm/bin" "$ENV{ROCM_PATH}/bin")
endif()
if(WMMASIM_HIP_COMPILER)
  set(_candidates "${WMMASIM_HIP_COMPILER}")
else()
  set(_candidates "")
  foreach(dir IN LISTS _hip_hints)
    foreach(name amdclang++ clang++ hipcc)
      if(EXISTS "${dir}/${name}")
        list(APPEND _candidates "${dir}/${name}")
      endif()
    endforeach()
  endforeach()
  foreach(version 22 21 20 19 18)
    find_program(_wmmasim_clang_${version} NAMES clang++-${version})
    if(_wmmasim_clang_${version})
      list(APPEND _candidates "${_wmmasim_clang_${version}}")
    endif()
  endforeach()
endif()

set(_why "no HIP-capable clang was found (set WMMASIM_HIP_COMPILER)")
foreach(candidate IN LISTS _candidates)
  _wmmasim_hip_probe("${candidate}" _problem)
  if(_problem STREQUAL "")
    set(WMMASIM_HIP_COMPILER_USED "${candidate}")
    break()
  endif()
  set(_why "${candidate} ${_problem}")
endforeach()
if(NOT WMMASIM_HIP_COMPILER_USED)
  message(STATUS "wmmasim hw: ${_why}; the HIP backend is skipped, the rest builds (wmmasim hw will say so)")
  set(WMMASIM_HW_SKIP_REASON "no HIP-capable clang was found at configure time")
  return()
endif()

find_path(WMMASIM_HIP_INCLUDE_DIR hip/hip_runtime_api.h HINTS $ENV{ROCM_PATH}/include /opt/rocm/include)
if(NOT WMMASIM_HIP_INCLUDE_DIR)
  message(STATUS "wmmasim hw: hip/hip_runtime_api.h was not found (install libamdhip64-dev or ROCm's HIP); the HIP backend is skipped")
  set(WMMASIM_HW_SKIP_REASON "the HIP headers were not found at configure time")
  return()
endif()
# Optional: the runtime next to those headers, tried first by dlopen at run time.
find_library(WMMASIM_HIP_RUNTIME_LIBRARY amdhip64 HINTS $ENV{ROCM_PATH}/lib /opt/rocm/lib)
if(NOT WMMASIM_HIP_RUNTIME_LIBRARY)
  set(WMMASIM_HIP_RUNTIME_LIBRARY "")
endif()

execute_process(COMMAND "${WMMASIM_HIP_COMPILER_USED}" --version OUTPUT_VARIABLE _version ERROR_QUIET)
string(REGEX MATCH "^[^\n]*" WMMASIM_HIP_COMPILER_VERSION "${_version}")

# Disassembler and ELF reader of the same LLVM, for the code-object tests.
get_filename_component(_compiler_dir "${WMMASIM_HIP_COMPILER_USED}" DIRECTORY)
get_filename_component(_compiler_name "${WMMASIM_HIP_COMPILER_USED}" NAME)
string(REGEX MATCH "-[0-9]+$" _suffix "${_compiler_name}")
find_program(WMMASIM_HW_OBJDUMP NAMES llvm-objdump${_suffix} llvm-objdump HINTS "${_compiler_dir}" ${_hip_hints} NO_CACHE)
find_program(WMMASIM_HW_READELF NAMES llvm-readelf${_suffix} llvm-readelf HINTS "${_compiler_dir}" ${_hip_hints} NO_CACHE)

# The example kernels: the HIP headers must compile for the gfx12 targets of WMMASIM_HW_ARCHS with
# --hip-path pointing at their installation (Debian: /usr; ROCm: /opt/rocm). Without that the
# backend still builds; only `wmmasim hw run tiled_gemm_f16` and the other example programs are missing.
get_filename_component(WMMASIM_HIP_PATH "${WMMASIM_HIP_INCLUDE_DIR}" DIRECTORY)
list(APPEND WMMASIM_HIP_EXAMPLE_FLAGS "--hip-path=${WMMASIM_HIP_PATH}")
set(_examples_ok ON)
set(_examples_why "")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/hip_probe/examples_probe.hip"
  "#include <hip/hip_runtime.h>\n__global__ void probe(float* x) { x[__builtin_amdgcn_workitem_id_x()] = 1.0f; }\n")
foreach(target IN LISTS WMMASIM_HW_ARCHS)
  if(NOT target MATCHES "^gfx12")
    continue()
  endif()
  execute_process(COMMAND "${WMMASIM_HIP_COMPILER_USED}" ${WMMASIM_HIP_EXAMPLE_FLAGS} --offload-arch=${target}
      -c examples_probe.hip -o examples_probe_${target}.o
    WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/hip_probe" RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    string(REGEX MATCH "[^\n]*error[^\n]*" _examples_why "${_err}")
    set(_examples_ok OFF)
    break()
  endif()
endforeach()
if(_examples_ok)
  set(WMMASIM_HW_EXAMPLES ON)
else()
  message(STATUS "wmmasim hw: <hip/hip_runtime.h> does not compile for the GPU (${_examples_why}); the example kernels are not built for hardware")
endif()

set(WMMASIM_HW_BACKEND ON)
message(STATUS "wmmasim hw: HIP backend with ${WMMASIM_HIP_COMPILER_USED} (${WMMASIM_HIP_COMPILER_VERSION}) for ${WMMASIM_HW_ARCHS}")
