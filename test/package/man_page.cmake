# Run by the man_page test: cmake -DGROFF=groff -DPAGE=urlkit.1 -P man_page.cmake
# The page must render (groff -man -Tutf8, every warning on) with nothing on
# stderr, and name the commands.
cmake_minimum_required(VERSION 3.20)
if(NOT EXISTS "${PAGE}")
  message(FATAL_ERROR "man_page: ${PAGE} was not generated")
endif()
# -P-bcou: plain text, no bold or underline to look through.
execute_process(COMMAND ${GROFF} -man -Tutf8 -ww -P-bcou ${PAGE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
  message(FATAL_ERROR "man_page: groff -man -Tutf8 -ww ${PAGE} failed (${rc}):\n${err}")
endif()
foreach(word NAME SYNOPSIS resolve validate parse "--version")
  string(FIND "${text}" "${word}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "man_page: '${word}' is not in the rendered ${PAGE}:\n${text}")
  endif()
endforeach()
message(STATUS "man_page: ${PAGE} renders, and names resolve and validate")
