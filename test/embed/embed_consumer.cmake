# Run by the embed_* tests (test/embed/CMakeLists.txt):
#   cmake -DHOW=add_subdirectory|FetchContent -DURLKIT_SOURCE_DIR=... -DCONSUMER_SOURCE_DIR=...
#         -DWORK_DIR=... -DGENERATOR=... -DCXX_COMPILER=... [-DMAKE_PROGRAM=...]
#         [-DCXX_FLAGS=...] [-DEXE_LINKER_FLAGS=...] -P embed_consumer.cmake
# Configures test/consumer with URLKIT_EMBED=HOW and no build type of its own
# (so that urlkit setting one would show), builds it and runs what it built.
cmake_minimum_required(VERSION 3.20)

foreach(var HOW URLKIT_SOURCE_DIR CONSUMER_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "embed_consumer: -D${var}=... is required")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

set(STEP_TAG "embed_consumer (${HOW})")
include(${CMAKE_CURRENT_LIST_DIR}/../consumer/step.cmake)

set(build ${WORK_DIR}/build)
set(configure_args
    -S ${CONSUMER_SOURCE_DIR} -B ${build} -G ${GENERATOR}
    -DURLKIT_EMBED=${HOW}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}"
    # The consumer sets no build type (the compiler's defaults: quick to
    # build); CMakeLists.txt there fails if urlkit sets one.
    -DEXPECTED_BUILD_TYPE=
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)
if(MAKE_PROGRAM)
  list(APPEND configure_args -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()

if(HOW STREQUAL "add_subdirectory")
  list(APPEND configure_args -DURLKIT_SOURCE_DIR=${URLKIT_SOURCE_DIR})
elseif(HOW STREQUAL "FetchContent")
  # What a release archive holds for a user: the build files, the headers and
  # the sources; no tests, no docs: embedded, urlkit must not need them.
  set(archive ${WORK_DIR}/urlkit-source.tar.gz)
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar czf ${archive} --format=gnutar
                          CMakeLists.txt cmake include src
                  WORKING_DIRECTORY ${URLKIT_SOURCE_DIR} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "embed_consumer: cannot make ${archive} (${rc})")
  endif()
  list(APPEND configure_args -DURLKIT_ARCHIVE=${archive})
else()
  message(FATAL_ERROR "embed_consumer: HOW is '${HOW}': add_subdirectory or FetchContent")
endif()

step("configure test/consumer" ${CMAKE_COMMAND} ${configure_args})
string(FIND "${step_output}" "urlkit embedded with ${HOW}" found)
if(found EQUAL -1)
  message(FATAL_ERROR "embed_consumer: test/consumer did not embed urlkit:\n${step_output}")
endif()
step("build test/consumer" ${CMAKE_COMMAND} --build ${build})

foreach(exe urlkit_consumer urlkit_html_consumer urlkit_idna_consumer)
  if(EXISTS ${build}/${exe})
    step("run ${exe}" ${build}/${exe})
    message(STATUS "embed_consumer (${HOW}): ${step_output}")
  elseif(exe STREQUAL "urlkit_consumer")
    message(FATAL_ERROR "embed_consumer: ${build}/${exe} was not built")
  endif()
endforeach()
