# Writes the explorer with the wmmasim under test and compares it with the checked-in copy.
# -DCLI=wmmasim -DOUT=scratch-dir -DCHECKED_IN=docs/explorer/index.html
execute_process(COMMAND "${CLI}" layout --site "${OUT}" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "wmmasim layout --site failed (${rc}): ${err}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUT}/index.html" "${CHECKED_IN}" RESULT_VARIABLE differ)
if(NOT differ EQUAL 0)
  message(FATAL_ERROR "${CHECKED_IN} is stale: it differs from what `wmmasim layout --site` writes now. "
                      "Run docs/explorer/generate.sh and commit the result.")
endif()
message(STATUS "${CHECKED_IN} is what wmmasim layout --site writes")
