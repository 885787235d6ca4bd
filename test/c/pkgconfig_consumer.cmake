# Run by the c/pkgconfig test (test/c/CMakeLists.txt):
#   cmake -DURLKIT_BUILD_DIR=... -DSOURCE=... -DWORK_DIR=... -DC_COMPILER=... [-DGENERATOR=...]
#         [-DURLKIT_CONFIG=...] [-DC_FLAGS=...] [-DEXE_LINKER_FLAGS=...]
#         [-DPKGCONFIG_LINK_FLAGS=...] -P pkgconfig_consumer.cmake
# Installs the build into a scratch prefix and builds SOURCE, a C program,
# with the flags `pkg-config --cflags --libs urlkit-c` gives and nothing else
# (static or shared alike), then runs it; then builds it again as a C-only
# CMake project with find_package(urlkit COMPONENTS c) (cmake_consumer/).
cmake_minimum_required(VERSION 3.20)
foreach(var URLKIT_BUILD_DIR SOURCE WORK_DIR C_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "c/pkgconfig: -D${var}=... is required")
  endif()
endforeach()
set(prefix ${WORK_DIR}/prefix)
file(REMOVE_RECURSE ${WORK_DIR})
set(config_args)
if(URLKIT_CONFIG)
  set(config_args --config ${URLKIT_CONFIG})
endif()
set(STEP_TAG "c/pkgconfig")
include(${CMAKE_CURRENT_LIST_DIR}/../consumer/step.cmake)

step("install ${URLKIT_BUILD_DIR} into ${prefix}"
     ${CMAKE_COMMAND} --install ${URLKIT_BUILD_DIR} --prefix ${prefix} ${config_args})
if(NOT EXISTS ${prefix}/include/urlkit.h)
  message(FATAL_ERROR "c/pkgconfig: urlkit.h is not installed in ${prefix}/include")
endif()
file(GLOB_RECURSE pc_files ${prefix}/*/urlkit-c.pc)
if(NOT pc_files)
  message(FATAL_ERROR "c/pkgconfig: no urlkit-c.pc installed under ${prefix}")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir ${pc_file} DIRECTORY)
get_filename_component(lib_dir ${pc_dir} DIRECTORY)
step("pkg-config --cflags --libs urlkit-c"
     ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} pkg-config --cflags --libs urlkit-c)
string(STRIP "${step_output}" pc_flags)
message(STATUS "c/pkgconfig: ${pc_flags}")
if(pc_flags MATCHES "std=c\\+\\+")
  message(FATAL_ERROR "c/pkgconfig: urlkit-c.pc gives a C compiler C++ flags: ${pc_flags}")
endif()
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
separate_arguments(c_flags UNIX_COMMAND "${C_FLAGS}")
separate_arguments(ld_flags UNIX_COMMAND "${EXE_LINKER_FLAGS}")
set(exe ${WORK_DIR}/urlkit_c_pkgconfig_consumer)
step("build ${SOURCE} with pkg-config's flags"
     ${C_COMPILER} -std=c11 -Wall -Wextra -pedantic -Werror ${c_flags} ${SOURCE} ${pc_flags}
     ${ld_flags} ${PKGCONFIG_LINK_FLAGS} -o ${exe})
step("run the urlkit-c pkg-config consumer" ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${lib_dir} ${exe})
message(STATUS "c/pkgconfig: ${step_output}")

# The same program from a C-only CMake project: find_package(urlkit COMPONENTS c).
if(GENERATOR)
  set(build ${WORK_DIR}/cmake_consumer)
  # Under the sanitizers, the C++ runtime UBSan needs (see test/c/CMakeLists.txt),
  # for every link of the project (CMake's own check of the compiler, which
  # would link without it, is skipped).
  set(sanitizer_args)
  if(PKGCONFIG_LINK_FLAGS)
    set(sanitizer_args "-DCMAKE_C_STANDARD_LIBRARIES=-lstdc++" -DCMAKE_C_COMPILER_WORKS=ON)
    set(EXE_LINKER_FLAGS "${EXE_LINKER_FLAGS} ${PKGCONFIG_LINK_FLAGS}")
  endif()
  step("configure test/c/cmake_consumer"
       ${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR}/cmake_consumer -B ${build} -G ${GENERATOR}
       -DCMAKE_C_COMPILER=${C_COMPILER} "-DCMAKE_C_FLAGS=${C_FLAGS}"
       "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}" -DCMAKE_PREFIX_PATH=${prefix}
       -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCONSUMER_SOURCE=${SOURCE}
       -DCMAKE_BUILD_TYPE=${URLKIT_CONFIG} ${sanitizer_args})
  step("build test/c/cmake_consumer" ${CMAKE_COMMAND} --build ${build})
  step("run the find_package(urlkit COMPONENTS c) consumer"
       ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${lib_dir} ${build}/urlkit_c_cmake_consumer)
  message(STATUS "c/pkgconfig (find_package): ${step_output}")
endif()
