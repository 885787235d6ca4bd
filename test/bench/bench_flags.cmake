# bench_flags: the benchmark compares libraries, not builds.  Configures the
# bench preset into a scratch directory (with stand-ins for the two adas'
# amalgamations, as bench/ada/prepare leaves them: nothing is compiled) and
# checks in its compile commands that urlkit's sources, Boost.URL's
# (boost/url/src.hpp), both adas' and the benchmark's own are all compiled
# with the same flags, -O3 and one -march among them, and that urlkit_bench
# links no prebuilt libboost_url.
#   cmake -DSOURCE_DIR=... -DWORK_DIR=... -P bench_flags.cmake
# Prints "bench_flags skipped" (the test's skip expression) when the bench
# preset builds no benchmark here (Google Benchmark or uriparser missing).
file(REMOVE_RECURSE ${WORK_DIR})
foreach(which main release)
  file(MAKE_DIRECTORY ${WORK_DIR}/ada-${which})
  file(WRITE ${WORK_DIR}/ada-${which}/ada.h "")
  file(WRITE ${WORK_DIR}/ada-${which}/ada.cpp "")
  file(WRITE ${WORK_DIR}/ada-${which}/ada-source.txt "ref=${which}\ndescribe=stand-in\n")
endforeach()
execute_process(
  COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build --preset bench
          -DURLKIT_BENCH_ADA_MAIN_DIR=${WORK_DIR}/ada-main
          -DURLKIT_BENCH_ADA_RELEASE_DIR=${WORK_DIR}/ada-release
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring the bench preset failed:\n${out}")
endif()
if(out MATCHES "urlkit_bench skipped")
  message("bench_flags skipped: the bench preset builds no benchmark here\n${out}")
  return()
endif()

file(READ ${WORK_DIR}/build/compile_commands.json commands)
string(JSON count LENGTH "${commands}")
math(EXPR last "${count} - 1")
# The flags that decide the code: optimisation, target, assertions.
function(code_flags command out_var)
  string(REGEX MATCHALL "(^| )(-O[0-9s]*|-march=[^ ]*|-mtune=[^ ]*|-DNDEBUG)( |$)" flags "${command}")
  list(TRANSFORM flags STRIP)
  set(${out_var} "${flags}" PARENT_SCOPE)
endfunction()
set(reference "")
set(seen_urlkit NO)
set(seen_boost NO)
set(seen_ada_main NO)
set(seen_ada_release NO)
set(seen_bench NO)
foreach(i RANGE ${last})
  string(JSON file GET "${commands}" ${i} file)
  string(JSON command GET "${commands}" ${i} command)
  if(file MATCHES "/src/[^/]+\\.cpp$|/src/(grammar|schemes)/[^/]+\\.cpp$")
    set(seen_urlkit YES)
  elseif(file MATCHES "/bench/boost_url\\.cpp$")
    set(seen_boost YES)
  elseif(file STREQUAL "${WORK_DIR}/ada-main/ada.cpp")
    set(seen_ada_main YES)
  elseif(file STREQUAL "${WORK_DIR}/ada-release/ada.cpp")
    set(seen_ada_release YES)
  elseif(file MATCHES "/bench/[^/]+\\.cpp$")
    set(seen_bench YES)
  else()
    continue()
  endif()
  code_flags("${command}" flags)
  if(NOT reference)
    set(reference "${flags}")
    set(reference_file "${file}")
  elseif(NOT flags STREQUAL reference)
    message(FATAL_ERROR "${file} is compiled with '${flags}', ${reference_file} with '${reference}'")
  endif()
endforeach()
foreach(part urlkit boost ada_main ada_release bench)
  if(NOT seen_${part})
    message(FATAL_ERROR "the bench build compiles no ${part} source (Boost.URL: bench/boost_url.cpp)")
  endif()
endforeach()
if(NOT reference MATCHES "-O3" OR NOT reference MATCHES "-march=")
  message(FATAL_ERROR "the bench build's flags are '${reference}': -O3 and a -march expected")
endif()

file(READ ${WORK_DIR}/build/build.ninja ninja)
if(ninja MATCHES "libboost_url\\.so")
  message(FATAL_ERROR "the bench build links the prebuilt libboost_url.so")
endif()
message(STATUS "every library of the benchmark compiled with: ${reference}")
