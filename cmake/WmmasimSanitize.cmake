# WMMASIM_SANITIZE: build everything with sanitizers (docs/reliability.md, scripts/sanitize.sh).
#   -DWMMASIM_SANITIZE=address,undefined   ASan + UBSan: the whole suite
#   -DWMMASIM_SANITIZE=thread              TSan: the SIMT runtime's multi-threaded launches
# The flags go on every C++ compile and link, and on the exported targets' link interface, so a
# project that uses the installed package (tests/package) links the same sanitizer runtime.
# WMMASIM_FUZZ adds the libFuzzer targets (tests/fuzz); it needs clang and -fsanitize=fuzzer, so the
# libraries are compiled with fuzzer-no-link coverage.
set(WMMASIM_SANITIZE "" CACHE STRING "Sanitizers for every target: address,undefined or thread (empty: none)")
option(WMMASIM_FUZZ "Build the libFuzzer targets (clang only; implies coverage instrumentation)" OFF)

set(WMMASIM_SANITIZE_FLAGS "")
if(WMMASIM_SANITIZE)
  if(NOT WMMASIM_SANITIZE MATCHES "^(address|undefined|address,undefined|undefined,address|thread)$")
    message(FATAL_ERROR "WMMASIM_SANITIZE is '${WMMASIM_SANITIZE}'; use address,undefined or thread.")
  endif()
  # No recovery: a UBSan report fails the test that caused it, as an ASan report does.
  set(WMMASIM_SANITIZE_FLAGS -fsanitize=${WMMASIM_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  if(WMMASIM_SANITIZE MATCHES "undefined")
    # Calls through pointers to functions of another type are how the SIMT launch enters a kernel; the
    # function sanitizer (clang) needs type info that the kernel thunks do not carry.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
      list(APPEND WMMASIM_SANITIZE_FLAGS -fno-sanitize=function)
    endif()
  endif()
endif()
if(WMMASIM_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "WMMASIM_FUZZ needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++-19.")
  endif()
  list(APPEND WMMASIM_SANITIZE_FLAGS -fsanitize=fuzzer-no-link)
endif()
if(WMMASIM_SANITIZE_FLAGS)
  add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:${WMMASIM_SANITIZE_FLAGS}>")
  add_link_options(${WMMASIM_SANITIZE_FLAGS})
endif()

# Tests whose program is not built here (python3 importing the module) must load the sanitizer's
# runtime first, as the sanitizer requires of any process using instrumented code; the interpreter's
# own allocations are not ours to report, so leak detection is off there.
set(WMMASIM_SANITIZE_FOREIGN_ENV "")
if(WMMASIM_SANITIZE MATCHES "address")
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    set(runtime_name libclang_rt.asan-${CMAKE_SYSTEM_PROCESSOR}.so)
  else()
    set(runtime_name libasan.so)
  endif()
  execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=${runtime_name} OUTPUT_VARIABLE asan_runtime
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  set(WMMASIM_SANITIZE_FOREIGN_ENV "LD_PRELOAD=${asan_runtime}" "ASAN_OPTIONS=detect_leaks=0:allow_user_segv_handler=1")
endif()
