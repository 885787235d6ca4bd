# urlkit in WebAssembly (docs/web.md): the `wasm` preset builds the core
# library with Emscripten and links it, with the thin shell of src/wasm/, into
#   build/wasm/npm/      the npm package directory (an ES module, urlkit.wasm
#                        beside it, index.d.ts, README.md, package.json);
#   build/wasm/web/urlkit.js  a classic script with the wasm inside it, that
#                        defines globalThis.urlkitReady (it must work from
#                        file://, where module scripts and fetch() do not).
# Both are linked from the same objects (urlkit_wasm_binding and liburlkit.a),
# and both wrap them with the same JavaScript (src/wasm/api.js).
#
# Included from CMakeLists.txt before the libraries and options that depend
# on the platform are looked at; does nothing unless CMAKE_SYSTEM_NAME is
# Emscripten.
if(NOT CMAKE_SYSTEM_NAME STREQUAL "Emscripten")
  return()
endif()

# ---- what this build leaves out, and why ----------------------------------
# Normal variables shadow the options (policy CMP0077: option() then leaves
# them alone), so that what a developer's cache says does not matter here.
function(urlkit_wasm_off variable reason)
  set(${variable} OFF PARENT_SCOPE)
  message(STATUS "urlkit (wasm): ${variable}=OFF: ${reason}")
endfunction()
urlkit_wasm_off(URLKIT_BUILD_CLI "the command-line tool is native (CLI11, threads, files); the JS module is its web form")
urlkit_wasm_off(URLKIT_BUILD_TESTS "the C++ tests run in the native presets; this build runs the node tests of test/wasm")
urlkit_wasm_off(URLKIT_BUILD_BENCH "the native benchmarks need Google Benchmark; bench/wasm measures this build")
urlkit_wasm_off(URLKIT_BUILD_FUZZ "libFuzzer is native")
urlkit_wasm_off(URLKIT_PYTHON "a Python extension cannot be loaded from WebAssembly")
urlkit_wasm_off(URLKIT_IDNA "libidn2 is a native library Emscripten has no build of")
urlkit_wasm_off(BUILD_SHARED_LIBS "the wasm module is one static link")
# The C ABI (cmake/urlkit_c.cmake) has no switch: it is defined, then left
# out of `all` at the end of the configuration (JS calls the shell's own
# exports, not urlkit.h).
message(STATUS "urlkit (wasm): urlkit_c left out of the build: JavaScript calls src/wasm's exports, not the C ABI")
cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL
               set_target_properties urlkit_c PROPERTIES EXCLUDE_FROM_ALL ON)

# ---- Boost: the headers alone, nothing else of /usr/include ---------------
# Spirit X3 (the grammar) is header-only, and Emscripten has no Boost of its
# own.  Boost's CMake package would put /usr/include on the include path,
# where glibc's headers would shadow Emscripten's own libc (musl) headers and
# break the build in obscure ways; so em++ sees a directory of the build tree
# holding one symlink, boost -> /usr/include/boost, as a system directory, and
# find_package(Boost) finds a stand-in package that names it.
set(URLKIT_WASM_BOOST_ROOT "/usr/include/boost" CACHE PATH "Boost's header directory (the boost/ folder)")
if(NOT EXISTS ${URLKIT_WASM_BOOST_ROOT}/version.hpp)
  message(FATAL_ERROR "urlkit (wasm): no Boost headers in ${URLKIT_WASM_BOOST_ROOT} "
                      "(Debian: libboost-dev, see tools/deps; or set URLKIT_WASM_BOOST_ROOT)")
endif()
set(urlkit_wasm_boost_dir ${PROJECT_BINARY_DIR}/wasm-boost)
file(MAKE_DIRECTORY ${urlkit_wasm_boost_dir}/include ${urlkit_wasm_boost_dir}/cmake)
file(CREATE_LINK ${URLKIT_WASM_BOOST_ROOT} ${urlkit_wasm_boost_dir}/include/boost SYMBOLIC)
file(STRINGS ${URLKIT_WASM_BOOST_ROOT}/version.hpp urlkit_wasm_boost_version
     REGEX "^#define BOOST_LIB_VERSION \"[0-9_]+\"")
string(REGEX REPLACE ".*\"([0-9]+)_([0-9]+).*" "\\1.\\2.0" urlkit_wasm_boost_version
       "${urlkit_wasm_boost_version}")
file(WRITE ${urlkit_wasm_boost_dir}/cmake/BoostConfig.cmake
     "# Written by cmake/urlkit_wasm.cmake: Boost's headers only, for em++.\n"
     "if(NOT TARGET Boost::headers)\n"
     "  add_library(Boost::headers INTERFACE IMPORTED)\n"
     "  set_target_properties(Boost::headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES\n"
     "                        \"${urlkit_wasm_boost_dir}/include\")\n"
     "endif()\n"
     "set(Boost_VERSION ${urlkit_wasm_boost_version})\n")
file(WRITE ${urlkit_wasm_boost_dir}/cmake/BoostConfigVersion.cmake
     "set(PACKAGE_VERSION ${urlkit_wasm_boost_version})\n"
     "if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)\n"
     "  set(PACKAGE_VERSION_COMPATIBLE FALSE)\n"
     "else()\n"
     "  set(PACKAGE_VERSION_COMPATIBLE TRUE)\n"
     "endif()\n")
set(Boost_DIR ${urlkit_wasm_boost_dir}/cmake CACHE PATH "Boost's headers only (cmake/urlkit_wasm.cmake)" FORCE)

# ---- Emscripten's own tools -----------------------------------------------
# emcc runs node scripts that require('acorn'); Debian's node-acorn lives in
# /usr/share/nodejs, which a node from elsewhere (NodeSource's) does not
# search: the links are run with NODE_PATH naming it.
find_program(URLKIT_NODE node)
if(NOT URLKIT_NODE)
  # emcc needs node too, so the link fails as well; the test says it first.
  set(URLKIT_NODE node-not-found)
  message(WARNING "urlkit (wasm): no node: emcc cannot link, and the test wasm/npm will fail (Debian: nodejs)")
endif()
execute_process(COMMAND ${URLKIT_NODE} -e "require('acorn')" RESULT_VARIABLE urlkit_wasm_acorn
                OUTPUT_QUIET ERROR_QUIET)
set(urlkit_wasm_link_env "")
if(NOT urlkit_wasm_acorn EQUAL 0 AND EXISTS /usr/share/nodejs/acorn)
  set(urlkit_wasm_link_env ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)
  message(STATUS "urlkit (wasm): emcc's node finds acorn in /usr/share/nodejs (NODE_PATH at link time)")
endif()

# ---- the shell and its two links ------------------------------------------
# The wasm exports: src/wasm/binding.cpp's extern "C" functions.
set(urlkit_wasm_exports
    _malloc _free _uk_input _uk_slots _uk_parse _uk_typed _uk_endpoint _uk_resolve
    _uk_make_relative _uk_normalize _uk_equivalent _uk_extract _uk_absolutize _uk_heap_in_use)
list(JOIN urlkit_wasm_exports "," urlkit_wasm_exports_joined)
add_library(urlkit_wasm_binding OBJECT ${PROJECT_SOURCE_DIR}/src/wasm/binding.cpp)
# urlkit::html (absolutize) depends on nothing but urlkit: it is in the module.
target_link_libraries(urlkit_wasm_binding PRIVATE urlkit urlkit_html urlkit_warnings)
set(urlkit_wasm_link_options
    -sMODULARIZE=1 -sEXPORT_NAME=createUrlkitModule
    # Both builds hand the module its bytes (wasmBinary, or SINGLE_FILE's
    # data: URL), so no loader of Emscripten's for node is needed: the web
    # environment alone runs in Node 20 and browsers.
    -sENVIRONMENT=web
    -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 -sDYNAMIC_EXECUTION=0
    "-sEXPORTED_FUNCTIONS=${urlkit_wasm_exports_joined}")

foreach(kind module script)
  add_executable(urlkit_wasm_${kind} $<TARGET_OBJECTS:urlkit_wasm_binding>)
  target_link_libraries(urlkit_wasm_${kind} PRIVATE urlkit_html urlkit)
  target_link_options(urlkit_wasm_${kind} PRIVATE ${urlkit_wasm_link_options})
  set_target_properties(urlkit_wasm_${kind} PROPERTIES
    OUTPUT_NAME urlkit_${kind} RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/wasm-link)
  if(urlkit_wasm_link_env)
    set_target_properties(urlkit_wasm_${kind} PROPERTIES CXX_LINKER_LAUNCHER "${urlkit_wasm_link_env}")
  endif()
endforeach()
# The classic script carries its wasm as a data: URL (file:// pages cannot fetch it).
target_link_options(urlkit_wasm_script PRIVATE -sSINGLE_FILE=1)

# ---- the npm package and the web script ------------------------------------
# Each is Emscripten's glue, then src/wasm/api.js (the one wrapper, shared),
# then the few lines that start it the package's way or the script's.
set(URLKIT_WASM_NPM ${PROJECT_BINARY_DIR}/npm)
set(URLKIT_WASM_WEB ${PROJECT_BINARY_DIR}/web)
set(urlkit_wasm_src ${PROJECT_SOURCE_DIR}/src/wasm)
set(URLKIT_WASM_VERSION ${PROJECT_VERSION})
configure_file(${urlkit_wasm_src}/package.json.in ${PROJECT_BINARY_DIR}/wasm-link/package.json @ONLY)
configure_file(${urlkit_wasm_src}/version.js.in ${PROJECT_BINARY_DIR}/wasm-link/version.js @ONLY)
set(urlkit_wasm_link ${PROJECT_BINARY_DIR}/wasm-link)
add_custom_command(
  OUTPUT ${URLKIT_WASM_NPM}/index.js ${URLKIT_WASM_NPM}/urlkit.wasm ${URLKIT_WASM_NPM}/index.d.ts
         ${URLKIT_WASM_NPM}/README.md ${URLKIT_WASM_NPM}/package.json
  COMMAND ${CMAKE_COMMAND} -E make_directory ${URLKIT_WASM_NPM}
  COMMAND ${CMAKE_COMMAND} -E cat ${urlkit_wasm_src}/module-head.js ${urlkit_wasm_link}/version.js
          ${urlkit_wasm_link}/urlkit_module.js ${urlkit_wasm_src}/api.js ${urlkit_wasm_src}/module-tail.js
          > ${URLKIT_WASM_NPM}/index.js
  COMMAND ${CMAKE_COMMAND} -E copy ${urlkit_wasm_link}/urlkit_module.wasm ${URLKIT_WASM_NPM}/urlkit.wasm
  COMMAND ${CMAKE_COMMAND} -E copy ${urlkit_wasm_src}/index.d.ts ${urlkit_wasm_src}/README.md
          ${urlkit_wasm_link}/package.json ${URLKIT_WASM_NPM}
  DEPENDS urlkit_wasm_module ${urlkit_wasm_src}/module-head.js ${urlkit_wasm_src}/api.js
          ${urlkit_wasm_src}/module-tail.js ${urlkit_wasm_src}/index.d.ts ${urlkit_wasm_src}/README.md
          ${urlkit_wasm_link}/package.json ${urlkit_wasm_link}/version.js
  COMMENT "urlkit npm package: ${URLKIT_WASM_NPM}"
  VERBATIM)
add_custom_command(
  OUTPUT ${URLKIT_WASM_WEB}/urlkit.js
  COMMAND ${CMAKE_COMMAND} -E make_directory ${URLKIT_WASM_WEB}
  COMMAND ${CMAKE_COMMAND} -E cat ${urlkit_wasm_src}/script-head.js ${urlkit_wasm_link}/version.js
          ${urlkit_wasm_link}/urlkit_script.js ${urlkit_wasm_src}/api.js ${urlkit_wasm_src}/script-tail.js
          > ${URLKIT_WASM_WEB}/urlkit.js
  DEPENDS urlkit_wasm_script ${urlkit_wasm_src}/script-head.js ${urlkit_wasm_src}/api.js
          ${urlkit_wasm_src}/script-tail.js ${urlkit_wasm_link}/version.js
  COMMENT "urlkit web script: ${URLKIT_WASM_WEB}/urlkit.js"
  VERBATIM)
add_custom_target(urlkit_wasm ALL DEPENDS ${URLKIT_WASM_NPM}/index.js ${URLKIT_WASM_WEB}/urlkit.js)

# ---- the node tests ---------------------------------------------------------
# test/wasm/run packs build/wasm/npm (npm pack), installs the tarball into a
# temporary project (offline: the package has no dependencies) and runs
# `node --test` there, importing the package by its name.  No node, no
# npm: the test fails (it is the wasm build's whole check), never skips.
enable_testing()
find_program(URLKIT_NPM npm)
if(NOT URLKIT_NPM)
  set(URLKIT_NPM npm-not-found)
  message(STATUS "urlkit (wasm): npm not found: the test wasm/npm will fail (Debian: npm)")
endif()
add_test(NAME wasm/npm
         COMMAND ${PROJECT_SOURCE_DIR}/test/wasm/run ${URLKIT_NODE} ${URLKIT_NPM} ${URLKIT_WASM_NPM}
                 ${URLKIT_WASM_WEB}/urlkit.js)
set_tests_properties(wasm/npm PROPERTIES TIMEOUT 600)
include(${PROJECT_SOURCE_DIR}/web/playground/playground.cmake)  # the playground page beside the web script, and its Chromium test
