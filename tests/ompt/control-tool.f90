! The Fortran binding of omp_control_tool (OpenMP 5.1, 3.14): command and
! modifier reach the tool's callback, its result comes back. gfortran's own
! omp_lib (GCC 12) does not declare the routine, hence the interface here.
! REQUIRES: gfortran
! RUN: %tool-so -o %t.tool.so
! RUN: gfortran -fopenmp -O2 %s -L%libdir -o %t
! RUN: env OMP_TOOL_LIBRARIES=%t.tool.so %run %t | FileCheck %s
! Without a tool (NOTOOL): control-tool-notool.test.
program control_tool
  implicit none
  interface
    integer function omp_control_tool(command, modifier)
      integer, intent(in) :: command, modifier
    end function omp_control_tool
  end interface
  integer :: flushed, custom
  flushed = omp_control_tool(3, 5)
  custom = omp_control_tool(70, 9)
  print '(a,i0,a,i0)', 'fortran: flush=', flushed, ' custom=', custom
end program control_tool
! CHECK: control_tool: command=3 modifier=5 arg=none
! CHECK: control_tool: command=70 modifier=9 arg=none
! CHECK: fortran: flush=0 custom=9
! NOTOOL: fortran: flush=-2 custom=-2
