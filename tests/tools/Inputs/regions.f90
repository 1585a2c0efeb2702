! The Fortran program `glass profile` is tested on: one parallel region with
! two loops (the second imbalanced: thread 0 gets the long iterations), an
! explicit barrier and a named critical. Run with OMP_NUM_THREADS=2. Line
! numbers are checked by the tests: keep them.
program regions
  use omp_lib
  implicit none
  integer :: i, entered
  double precision :: a(1000), x
  entered = 0
  x = 0.0d0
  !$omp parallel private(i)
  !$omp do schedule(static)
  do i = 1, 1000
     a(i) = i
  end do
  !$omp end do
  !$omp do schedule(static)
  do i = 1, 2
     if (i == 1) call spin(0.1d0)
  end do
  !$omp end do
  !$omp barrier
  !$omp critical (fortran_named)
  entered = entered + 1
  !$omp end critical (fortran_named)
  !$omp end parallel
  print '(a,i0,a,i0,a)', 'regions.f90: entered=', entered, ' (expected ', omp_get_max_threads(), ')'
contains
  subroutine spin(seconds)
    double precision, intent(in) :: seconds
    double precision :: start
    start = omp_get_wtime()
    do while (omp_get_wtime() - start < seconds)
    end do
  end subroutine spin
end program regions
