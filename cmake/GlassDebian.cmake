# The Debian package: `cpack -G DEB` in the build directory (or
# `cmake --build build --target package`) writes glass_<version>_<arch>.deb.
# It holds the install tree with the prefix /usr: /usr/bin/glass, the runtime
# and its alias names in their own directory (/usr/<GLASS_RUNTIME_LIBDIR>,
# never beside the system's libgomp.so.1: cmake/GlassInstallDirs.cmake), the
# headers in /usr/include/glass, glass.pc and the CMake package where
# pkg-config and find_package look by default, the gdb extension in
# /usr/share/glass/gdb where `glass debug` looks.
set(CPACK_PACKAGE_NAME glass)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "OpenMP runtime with OMPT and OMPD, drop-in for libgomp and libomp")
set(GLASS_PACKAGE_MAINTAINER "Glass developers <glass@localhost>" CACHE STRING
  "The Maintainer field of the Debian package (name <address>)")
set(CPACK_PACKAGE_CONTACT "${GLASS_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_FILE_NAME "glass-${PROJECT_VERSION}") # other generators (TGZ)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # glass_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The long description, one paragraph per line; CPack indents it for the control file.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}
Glass runs programs compiled with gcc -fopenmp or clang -fopenmp in place of
libgomp or libomp, and is built for tools: OMPT for in-process tools, OMPD for
debuggers, and the glass command (glass run, profile, trace, debug).
The runtime lives in its own directory, so the system's libgomp1 and libomp5
stay the runtime of every other program.")
# Depends from the ELF files (dpkg-shlibdeps): libc6, and libdw1 and the OTF2
# library when the tools were built with them. `glass debug` needs gdb (built
# with Python, as Debian's is); otf2-print reads the traces of `glass trace`.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "gdb")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "otf2-tools, pkg-config")
# The architecture comes from dpkg --print-architecture (CPack's default).

find_program(GLASS_DPKG_DEB dpkg-deb)
mark_as_advanced(GLASS_DPKG_DEB)
if(GLASS_DPKG_DEB)
  set(CPACK_GENERATOR DEB)
else()
  set(CPACK_GENERATOR TGZ)
endif()
include(CPack)
