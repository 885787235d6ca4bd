# step(NAME COMMAND...) for the scripts that build test/consumer
# (test/install/install_consumer.cmake, test/embed/embed_consumer.cmake):
# runs COMMAND; on failure, stops the script with its full output, prefixed by
# STEP_TAG (the script's name).  The output is left in step_output.
function(step name)
  message(STATUS "${STEP_TAG}: ${name}")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " command "${ARGN}")
    message(FATAL_ERROR "${STEP_TAG}: ${name} failed (${rc})\n$ ${command}\n${out}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()
