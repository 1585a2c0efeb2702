# Install directories, all relative to the install prefix so an installed tree
# (or the Debian package's /usr tree, extracted anywhere) keeps working when moved.
#
# The runtime goes in a directory of its own, GLASS_RUNTIME_LIBDIR, never
# straight into the library directory: beside libglass.so lie the names
# compiled programs ask for (libgomp.so.1, libomp.so.5, libomp.so, libiomp5.so).
# In a directory the dynamic linker searches by default (/usr/lib/<multiarch>,
# and /usr/local/lib on Debian) they would clash with the system's libgomp1 and
# libomp5 packages, or silently replace the system runtime for every program.
# In their own directory only the programs that ask for Glass get it: through
# `glass run|profile|trace|debug` (cli/glass.c looks in ../GLASS_RUNTIME_LIBDIR
# next to itself), LD_LIBRARY_PATH, or the RUNPATH that pkg-config's flags and
# find_package(Glass)'s imported targets give.

set(GLASS_RUNTIME_LIBDIR "${CMAKE_INSTALL_LIBDIR}/glass" CACHE STRING
  "Where libglass.so, its libgomp/libomp alias names, libompd.so and the tool libraries are installed (relative to the prefix)")
set(GLASS_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}/glass")
set(GLASS_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/Glass")
set(GLASS_PKGCONFIGDIR "${CMAKE_INSTALL_LIBDIR}/pkgconfig")

foreach(dir GLASS_RUNTIME_LIBDIR CMAKE_INSTALL_LIBDIR CMAKE_INSTALL_INCLUDEDIR CMAKE_INSTALL_BINDIR CMAKE_INSTALL_DATADIR)
  if(IS_ABSOLUTE "${${dir}}")
    message(FATAL_ERROR "${dir} is '${${dir}}': it must be relative to the install prefix "
      "(glass finds its libraries relative to itself, and the installed tree must be movable)")
  endif()
endforeach()
if(GLASS_RUNTIME_LIBDIR STREQUAL CMAKE_INSTALL_LIBDIR)
  message(WARNING "GLASS_RUNTIME_LIBDIR is the library directory itself: the libgomp.so.1 and "
    "libomp.so.5 aliases of Glass will shadow the system's OpenMP runtimes if the prefix is one "
    "the dynamic linker searches (/usr, /usr/local)")
endif()
