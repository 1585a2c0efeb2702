# What a program built against an installed Glass gets: the pkg-config file
# (<libdir>/pkgconfig/glass.pc) and the CMake package (<libdir>/cmake/Glass:
# find_package(Glass) with the imported targets Glass::glass, Glass::ompd,
# Glass::profile, Glass::trace and Glass::glass-cli). Both lie in
# directories pkg-config and find_package search by default under the prefix,
# and both locate the rest of the tree relative to themselves.
include(CMakePackageConfigHelpers)

# Glass::glass compiles with -fopenmp (the compiler emits its own ABI's calls)
# but links libglass.so by its path, not with -fopenmp: gcc -fopenmp would add
# the system libgomp and clang -fopenmp the system libomp, a second runtime in
# the process. The include directory (Glass's omp.h, omp-tools.h, omp_lib.mod)
# comes from install(TARGETS glass ... INCLUDES DESTINATION).
target_compile_options(glass INTERFACE $<$<COMPILE_LANGUAGE:C,CXX,Fortran>:-fopenmp>)

# The .pc file finds the prefix from its own directory: as many ../ as the
# pkgconfig directory is deep (lib/x86_64-linux-gnu/pkgconfig is three).
file(RELATIVE_PATH GLASS_PC_TO_PREFIX "/prefix/${GLASS_PKGCONFIGDIR}" "/prefix")
string(REGEX REPLACE "/$" "" GLASS_PC_TO_PREFIX "${GLASS_PC_TO_PREFIX}")
configure_file(${CMAKE_SOURCE_DIR}/cmake/glass.pc.in ${CMAKE_BINARY_DIR}/glass.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/glass.pc DESTINATION ${GLASS_PKGCONFIGDIR})

install(EXPORT GlassTargets NAMESPACE Glass:: FILE GlassTargets.cmake DESTINATION ${GLASS_CMAKEDIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/GlassConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/GlassConfig.cmake
  INSTALL_DESTINATION ${GLASS_CMAKEDIR}
  PATH_VARS GLASS_RUNTIME_LIBDIR GLASS_INCLUDEDIR CMAKE_INSTALL_BINDIR CMAKE_INSTALL_DATADIR)
# Before 1.0 a minor version may change the ABI of the tools' interfaces:
# find_package(Glass 0.1) accepts 0.1.x only.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/GlassConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/GlassConfig.cmake ${CMAKE_BINARY_DIR}/cmake/GlassConfigVersion.cmake
  DESTINATION ${GLASS_CMAKEDIR})
