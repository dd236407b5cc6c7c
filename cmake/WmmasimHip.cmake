# wmmasim_hip_executable(NAME SOURCES source... [OPTIONS flag...])
# Builds plain HIP sources, unchanged, into a program that runs on wmmasim's CPU emulator, with
# wmmasim-hipcc (OPTIONS: --offload-arch=gfx1201, -mwavefrontsize64, -O2, -I..., -D...). The program
# is ${CMAKE_CURRENT_BINARY_DIR}/bin/NAME (also the target's property WMMASIM_HIP_PROGRAM); the target
# NAME builds it. Header changes rebuild it. (Not ${CMAKE_CURRENT_BINARY_DIR}/NAME: Ninja names the
# target's phony rule by that path, and one path cannot be both.)
# In wmmasim's own build the driver is the build tree's; after find_package(wmmasim), the installed one.
function(wmmasim_hip_executable name)
  cmake_parse_arguments(H "" "" "SOURCES;OPTIONS" ${ARGN})
  if(NOT H_SOURCES)
    message(FATAL_ERROR "wmmasim_hip_executable(${name}): no SOURCES")
  endif()
  if(TARGET wmmasim-hipcc)
    set(driver "$<TARGET_FILE:wmmasim-hipcc>")
    # The programs link the runtime libraries: relink when any of them changes.
    set(driver_dependency wmmasim-hipcc wmmasim_hip_runtime wmmasim_record wmmasim_runfile wmmasim_check wmmasim_files wmmasim_simt wmmasim_wave
                          wmmasim_diagnosis wmmasim_numerics wmmasim_cycles
                          wmmasim_layout_views)
  else()
    set(driver "${WMMASIM_HIPCC}")
    set(driver_dependency "${WMMASIM_HIPCC}")
  endif()
  set(sources)
  foreach(src ${H_SOURCES})
    get_filename_component(abs "${src}" ABSOLUTE)
    list(APPEND sources "${abs}")
  endforeach()
  set(program "${CMAKE_CURRENT_BINARY_DIR}/bin/${name}")
  file(MAKE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}/bin")
  add_custom_command(OUTPUT "${program}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/bin"
    COMMAND "${driver}" ${H_OPTIONS} ${sources} -o "${program}" "--depfile=${program}.d"
    DEPENDS ${sources} ${driver_dependency} DEPFILE "${program}.d"
    COMMENT "wmmasim-hipcc ${name}" COMMAND_EXPAND_LISTS VERBATIM)
  add_custom_target(${name} ALL DEPENDS "${program}")
  set_target_properties(${name} PROPERTIES WMMASIM_HIP_PROGRAM "${program}")
endfunction()
