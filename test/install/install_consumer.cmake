# Run by the install_consumer test (see CMakeLists.txt here):
#   cmake -DURLKIT_BUILD_DIR=... -DCONSUMER_SOURCE_DIR=... -DWORK_DIR=... -DGENERATOR=...
#         -DCXX_COMPILER=... [-DURLKIT_CONFIG=...] [-DMAKE_PROGRAM=...] [-DCXX_FLAGS=...]
#         [-DEXE_LINKER_FLAGS=...] -P install_consumer.cmake
# Every step stops the test with its full output when it fails.
cmake_minimum_required(VERSION 3.20)

foreach(var URLKIT_BUILD_DIR CONSUMER_SOURCE_DIR WORK_DIR GENERATOR CXX_COMPILER)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "install_consumer: -D${var}=... is required")
  endif()
endforeach()

set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)
# A fresh prefix each time: files left by an earlier install would hide a missing one.
file(REMOVE_RECURSE ${WORK_DIR})

set(config_args)
if(URLKIT_CONFIG)
  set(config_args --config ${URLKIT_CONFIG})
endif()

set(STEP_TAG "install_consumer")
include(${CMAKE_CURRENT_LIST_DIR}/../consumer/step.cmake)

step("install ${URLKIT_BUILD_DIR} into ${prefix}"
     ${CMAKE_COMMAND} --install ${URLKIT_BUILD_DIR} --prefix ${prefix} ${config_args})

# The installed interface must stand without Boost: no Boost include in the
# headers, no Boost target in the package files.
file(GLOB_RECURSE headers ${prefix}/include/urlkit/*)
if(NOT headers)
  message(FATAL_ERROR "install_consumer: no headers installed under ${prefix}/include/urlkit")
endif()
foreach(header ${headers})
  file(STRINGS ${header} boost_includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]boost/")
  if(boost_includes)
    message(FATAL_ERROR "install_consumer: installed ${header} includes Boost:\n${boost_includes}")
  endif()
endforeach()
file(GLOB_RECURSE package_files ${prefix}/*urlkit*.cmake)
if(NOT package_files)
  message(FATAL_ERROR "install_consumer: no urlkit package files installed under ${prefix}")
endif()
foreach(file ${package_files})
  file(STRINGS ${file} boost_lines REGEX "Boost")
  if(boost_lines)
    message(FATAL_ERROR "install_consumer: ${file} refers to Boost:\n${boost_lines}")
  endif()
endforeach()

set(configure_args
    -S ${CONSUMER_SOURCE_DIR} -B ${build} -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER}
    "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${EXE_LINKER_FLAGS}"
    -DCMAKE_PREFIX_PATH=${prefix}
    -DWITH_HTML=${WITH_HTML}
    # Only the prefix just installed may satisfy find_package(urlkit), and
    # nothing may need Boost.
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
    -DCMAKE_DISABLE_FIND_PACKAGE_Boost=ON)
if(MAKE_PROGRAM)
  list(APPEND configure_args -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()
if(URLKIT_CONFIG)
  list(APPEND configure_args -DCMAKE_BUILD_TYPE=${URLKIT_CONFIG})
endif()
step("configure test/consumer" ${CMAKE_COMMAND} ${configure_args})
string(FIND "${step_output}" "urlkit_DIR=${prefix}/" found)
if(found EQUAL -1)
  message(FATAL_ERROR "install_consumer: urlkit was not found in ${prefix}:\n${step_output}")
endif()

step("build test/consumer" ${CMAKE_COMMAND} --build ${build} ${config_args})

set(exe ${build}/urlkit_consumer)
if(URLKIT_CONFIG AND NOT EXISTS ${exe})
  set(exe ${build}/${URLKIT_CONFIG}/urlkit_consumer)  # multi-config generators
endif()
step("run urlkit_consumer" ${exe})
message(STATUS "install_consumer: ${step_output}")

if(WITH_HTML)
  set(html_exe ${build}/urlkit_html_consumer)
  if(URLKIT_CONFIG AND NOT EXISTS ${html_exe})
    set(html_exe ${build}/${URLKIT_CONFIG}/urlkit_html_consumer)
  endif()
  step("run urlkit_html_consumer" ${html_exe})
  message(STATUS "install_consumer: ${step_output}")
endif()

# The same consumer built the pkg-config way: the compiler, the flags
# `pkg-config --cflags --libs urlkit` gives, nothing else.
file(GLOB_RECURSE pc_files ${prefix}/*/urlkit.pc)
if(NOT pc_files)
  message(FATAL_ERROR "install_consumer: no urlkit.pc installed under ${prefix}")
endif()
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir ${pc_file} DIRECTORY)
step("pkg-config --cflags --libs urlkit"
     ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} pkg-config --cflags --libs urlkit)
string(STRIP "${step_output}" pc_flags)
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
separate_arguments(cxx_flags UNIX_COMMAND "${CXX_FLAGS}")
separate_arguments(ld_flags UNIX_COMMAND "${EXE_LINKER_FLAGS}")
set(pc_exe ${WORK_DIR}/urlkit_consumer_pkgconfig)
step("build test/consumer/main.cpp with pkg-config's flags"
     ${CXX_COMPILER} ${cxx_flags} ${CONSUMER_SOURCE_DIR}/main.cpp ${pc_flags} ${ld_flags} -o ${pc_exe})
# A shared liburlkit is found where it was installed.
get_filename_component(lib_dir ${pc_dir} DIRECTORY)
step("run the pkg-config consumer" ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${lib_dir} ${pc_exe})
message(STATUS "install_consumer (pkg-config): ${step_output}")

# The optional libraries the same way, each with its own .pc file and the
# README's command as written (no --static): a static install must link too.
foreach(component html idna)
  if(NOT EXISTS ${pc_dir}/urlkit-${component}.pc)
    message(STATUS "install_consumer (pkg-config): no urlkit-${component}.pc (not built)")
    continue()
  endif()
  step("pkg-config --cflags --libs urlkit-${component}"
       ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${pc_dir} pkg-config --cflags --libs
       urlkit-${component})
  string(STRIP "${step_output}" component_flags)
  separate_arguments(component_flags UNIX_COMMAND "${component_flags}")
  set(component_exe ${WORK_DIR}/urlkit_${component}_consumer_pkgconfig)
  step("build test/consumer/${component}.cpp with pkg-config's flags"
       ${CXX_COMPILER} ${cxx_flags} ${CONSUMER_SOURCE_DIR}/${component}.cpp ${component_flags}
       ${ld_flags} -o ${component_exe})
  step("run the urlkit-${component} pkg-config consumer"
       ${CMAKE_COMMAND} -E env LD_LIBRARY_PATH=${lib_dir} ${component_exe})
  message(STATUS "install_consumer (pkg-config, ${component}): ${step_output}")
endforeach()
