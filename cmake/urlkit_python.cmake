# The Python package, `import urlkit` (src/python/): see docs/python.md.
#
# A pybind11 extension, urlkit._urlkit, over the public C++ API (layer 5, as
# the CLI: public headers only), and the package around it, assembled in the
# build tree as ${PROJECT_BINARY_DIR}/python/urlkit (what the tests put on
# PYTHONPATH) and installed, as the install component `python`, into
# lib/python3/dist-packages/urlkit under the prefix: Debian's path for
# packages of its own python3 (not multiarch).
#
# Built for Debian's interpreter, /usr/bin/python3, when it exists (another
# python3 first on PATH, a pyenv one say, is not what the package installs
# for), with Debian's python3-pybind11.

# Debian's interpreter, for FindPython3 and for pybind11's own lookup.
if(EXISTS /usr/bin/python3 AND NOT DEFINED Python3_EXECUTABLE)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
if(EXISTS /usr/bin/python3 AND NOT DEFINED PYTHON_EXECUTABLE)
  set(PYTHON_EXECUTABLE /usr/bin/python3)
endif()

set(urlkit_python_missing "")
find_package(Python3 QUIET COMPONENTS Interpreter Development.Module)
if(NOT Python3_Development.Module_FOUND)
  set(urlkit_python_missing "no Python 3 development files")
else()
  # pybind11 2.10 finds Python itself; with PYBIND11_FINDPYTHON it takes the
  # interpreter found above.
  set(PYBIND11_FINDPYTHON ON)
  find_package(pybind11 2.6 CONFIG QUIET)
  if(NOT pybind11_FOUND)
    set(urlkit_python_missing "no pybind11 (its CMake package)")
  endif()
endif()
# A sanitizer build (the asan and tsan presets) does not build it: an
# extension built with a sanitizer cannot be loaded by an interpreter built
# without one (the sanitizer's runtime must be the first library loaded).
set(urlkit_python_sanitized OFF)
if(URLKIT_SANITIZER OR CMAKE_CXX_FLAGS MATCHES "-fsanitize")
  set(urlkit_python_sanitized ON)
endif()
# A project that embeds urlkit (add_subdirectory, FetchContent) gets the
# libraries only, as with the CLI: the package is urlkit's own to build.
if(urlkit_python_missing STREQUAL "" AND NOT urlkit_python_sanitized AND urlkit_is_top_level)
  set(urlkit_python_default ON)
else()
  set(urlkit_python_default OFF)
endif()
option(URLKIT_PYTHON "Build the Python package `urlkit` (needs pybind11 and Python 3's development files)"
       ${urlkit_python_default})

if(NOT URLKIT_PYTHON)
  if(urlkit_python_sanitized AND urlkit_python_missing STREQUAL "")
    message(STATUS "urlkit: the Python package not built (a sanitizer build: its extension could "
                   "not be loaded by /usr/bin/python3, which is built without the sanitizer)")
  elseif(urlkit_python_missing STREQUAL "" AND NOT urlkit_is_top_level)
    message(STATUS "urlkit: the Python package not built (urlkit is embedded in another project)")
  elseif(urlkit_python_missing STREQUAL "")
    message(STATUS "urlkit: the Python package not built (URLKIT_PYTHON=OFF was asked for)")
  else()
    message(STATUS "urlkit: the Python package not built (${urlkit_python_missing}; "
                   "Debian: python3-pybind11 python3-dev)")
  endif()
  return()
endif()
if(NOT urlkit_python_missing STREQUAL "")
  message(FATAL_ERROR "URLKIT_PYTHON is ON but there is ${urlkit_python_missing}: install them "
                      "(Debian: python3-pybind11 python3-dev) or configure with -DURLKIT_PYTHON=OFF")
endif()

# The interpreter the extension is built for (the packaging reads its version).
set(URLKIT_PYTHON_EXECUTABLE ${Python3_EXECUTABLE})

file(GLOB urlkit_python_sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/python/*.cpp)
# pybind11_add_module: a MODULE library named as the interpreter wants it
# (_urlkit.cpython-311-x86_64-linux-gnu.so), no lib prefix; NO_EXTRAS: without
# pybind11's -flto and strip (the project's build type decides; the package is
# stripped when packed), hidden visibility set below.
pybind11_add_module(urlkit_python MODULE NO_EXTRAS ${urlkit_python_sources})
set(URLKIT_PYTHON_PACKAGE_DIR ${PROJECT_BINARY_DIR}/python/urlkit)
set_target_properties(urlkit_python PROPERTIES
  OUTPUT_NAME _urlkit
  LIBRARY_OUTPUT_DIRECTORY ${URLKIT_PYTHON_PACKAGE_DIR}
  CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
# pybind11's headers are SYSTEM (the target's INTERFACE_INCLUDE_DIRECTORIES
# are imported, hence -isystem): the project's -Werror applies to ours only.
target_link_libraries(urlkit_python PRIVATE urlkit $<TARGET_NAME_IF_EXISTS:urlkit_html>
                      $<TARGET_NAME_IF_EXISTS:urlkit_idna> urlkit_warnings)
if(TARGET urlkit_html)
  target_compile_definitions(urlkit_python PRIVATE URLKIT_HAS_HTML)
endif()
if(TARGET urlkit_idna)
  target_compile_definitions(urlkit_python PRIVATE URLKIT_HAS_IDNA)
endif()
target_compile_definitions(urlkit_python PRIVATE URLKIT_VERSION="${PROJECT_VERSION}")
# With BUILD_SHARED_LIBS the extension needs liburlkit.so.2: in the build
# tree, from its directory (BUILD_RPATH); installed, from the library
# directory, which for a /usr tree is on the system's search path.
get_target_property(urlkit_python_lib_type urlkit TYPE)
if(urlkit_python_lib_type STREQUAL "SHARED_LIBRARY")
  set_target_properties(urlkit_python PROPERTIES BUILD_RPATH "$<TARGET_FILE_DIR:urlkit>")
  if(NOT CMAKE_INSTALL_PREFIX STREQUAL "/usr")
    # Elsewhere (a prefix of one's own), from the libdir relative to the package.
    file(RELATIVE_PATH urlkit_python_rpath ${CMAKE_INSTALL_PREFIX}/lib/python3/dist-packages/urlkit
         ${CMAKE_INSTALL_FULL_LIBDIR})
    set_target_properties(urlkit_python PROPERTIES INSTALL_RPATH "$ORIGIN/${urlkit_python_rpath}")
  endif()
endif()

# The pure-Python files beside the extension, copied on every build.
set(urlkit_python_files __init__.py __init__.pyi py.typed)
set(urlkit_python_copies "")
foreach(f IN LISTS urlkit_python_files)
  add_custom_command(OUTPUT ${URLKIT_PYTHON_PACKAGE_DIR}/${f}
    COMMAND ${CMAKE_COMMAND} -E copy_if_different ${PROJECT_SOURCE_DIR}/src/python/${f}
            ${URLKIT_PYTHON_PACKAGE_DIR}/${f}
    DEPENDS ${PROJECT_SOURCE_DIR}/src/python/${f}
    COMMENT "Python package: ${f}"
    VERBATIM)
  list(APPEND urlkit_python_copies ${URLKIT_PYTHON_PACKAGE_DIR}/${f})
endforeach()
add_custom_target(urlkit_python_files ALL DEPENDS ${urlkit_python_copies})
add_dependencies(urlkit_python urlkit_python_files)

# Debian's path, under whatever prefix: ${CMAKE_INSTALL_LIBDIR}/.. is the
# prefix's lib/ for the multiarch libdir too.
set(URLKIT_PYTHON_INSTALL_DIR lib/python3/dist-packages/urlkit)
install(TARGETS urlkit_python LIBRARY DESTINATION ${URLKIT_PYTHON_INSTALL_DIR} COMPONENT python)
install(FILES ${urlkit_python_copies} DESTINATION ${URLKIT_PYTHON_INSTALL_DIR} COMPONENT python)
