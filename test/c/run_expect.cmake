# Runs PROGRAM with ARGS (a ;-list) and fails unless it exits 0 and prints
# EXPECTED exactly (the c/doc_example test).
#   cmake -DPROGRAM=... "-DARGS=a;b" "-DEXPECTED=..." -P run_expect.cmake
execute_process(COMMAND ${PROGRAM} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited ${rc}:\n${out}${err}")
endif()
if(NOT out STREQUAL EXPECTED)
  message(FATAL_ERROR "${PROGRAM} printed:\n${out}\nnot:\n${EXPECTED}")
endif()
