# urlkit::c, the C ABI: include/urlkit.h, built from src/c/ over the public
# C++ API (layer 5, as the CLI; docs/c.md).  liburlkit_c.{a,so}; no
# dependency but urlkit (and urlkit::idna when that is built, so that
# urlkit_idna_to_ascii and the endpoint's IDNA work).
file(GLOB URLKIT_C_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/c/*.cpp)
add_library(urlkit_c ${URLKIT_C_SOURCES})
add_library(urlkit::c ALIAS urlkit_c)
set_target_properties(urlkit_c PROPERTIES EXPORT_NAME c)
urlkit_library_properties(urlkit_c)
target_include_directories(urlkit_c PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
                                           $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_link_libraries(urlkit_c PRIVATE urlkit $<BUILD_INTERFACE:urlkit_warnings>)
target_compile_definitions(urlkit_c PRIVATE
  URLKIT_C_VERSION="${PROJECT_VERSION}"
  URLKIT_C_VERSION_MAJOR=${PROJECT_VERSION_MAJOR}
  URLKIT_C_VERSION_MINOR=${PROJECT_VERSION_MINOR}
  URLKIT_C_VERSION_PATCH=${PROJECT_VERSION_PATCH})
if(TARGET urlkit_idna)
  target_link_libraries(urlkit_c PRIVATE urlkit_idna)
  target_compile_definitions(urlkit_c PRIVATE URLKIT_C_HAS_IDNA)
endif()
# The C ABI has its own version (urlkit_abi_version(), the URLKIT_C_1 node of
# urlkit_c.map): its SONAME follows it, not liburlkit's.
set_target_properties(urlkit_c PROPERTIES VERSION 1 SOVERSION 1)
get_target_property(urlkit_c_type urlkit_c TYPE)
if(urlkit_c_type STREQUAL "SHARED_LIBRARY")
  # Exports urlkit_* only, versioned (the C++ library and runtime instances
  # compiled into it stay local); docs/c.md says why.
  target_link_options(urlkit_c PRIVATE -Wl,--version-script=${PROJECT_SOURCE_DIR}/src/c/urlkit_c.map
                      -Wl,--no-undefined)
  set_property(TARGET urlkit_c APPEND PROPERTY LINK_DEPENDS ${PROJECT_SOURCE_DIR}/src/c/urlkit_c.map)
else()
  # A static archive records no dependency: a C program linked with CMake
  # needs the C++ runtime named (pkg-config's urlkit-c.pc names it too).
  target_link_libraries(urlkit_c INTERFACE $<$<LINK_LANGUAGE:C>:stdc++> $<$<LINK_LANGUAGE:C>:m>)
endif()
install(TARGETS urlkit_c EXPORT urlkitTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/urlkit.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# urlkit-c.pc, relocatable as urlkit.pc is.  Not `Requires: urlkit`: that
# would give a C compiler urlkit's -std=c++20.  Libs names urlkit's own
# libraries in link order (an archive before the ones it uses), so that
# `cc app.c $(pkg-config --cflags --libs urlkit-c)` links as written: a
# static archive records no dependency, and the linker finds a shared
# liburlkit_c's liburlkit.so.2 in an install's lib directory only when -L
# and -l name it.  The system libraries (libidn2, the C++ runtime) are in
# Libs for a static install, and recorded by the shared library itself.
file(RELATIVE_PATH URLKIT_C_PC_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" URLKIT_C_PC_PREFIX "${URLKIT_C_PC_PREFIX}")
if(TARGET urlkit_idna)
  set(urlkit_c_own " -lurlkit_idna -lurlkit")
  set(urlkit_c_system "-lidn2 -lstdc++ -lm")
else()
  set(urlkit_c_own " -lurlkit")
  set(urlkit_c_system "-lstdc++ -lm")
endif()
if(urlkit_c_type STREQUAL "SHARED_LIBRARY")
  set(URLKIT_C_PC_LIBS "${urlkit_c_own}")
  set(URLKIT_C_PC_PRIVATE "${urlkit_c_system}")
else()
  set(URLKIT_C_PC_LIBS "${urlkit_c_own} ${urlkit_c_system}")
  set(URLKIT_C_PC_PRIVATE "")
endif()
configure_file(${PROJECT_SOURCE_DIR}/cmake/urlkit-c.pc.in ${PROJECT_BINARY_DIR}/urlkit-c.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/urlkit-c.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The C test program (test/c) is compiled as C.
if(URLKIT_BUILD_TESTS)
  enable_language(C)
endif()
