! A Fortran parallel region of 2 threads: once both threads are inside it,
! thread 0 calls glass_test_stop (where the gdb tests break, so the selected
! frame is a Fortran one) and thread 1 waits in the barrier. Compile with
! -fno-inline (gfortran 12 has no noinline attribute): the call must stay.
subroutine glass_test_stop()
  integer, volatile :: calls = 0
  calls = calls + 1
end subroutine

program parallel
  use omp_lib
  implicit none
  integer :: arrived, seen
  arrived = 0
  !$omp parallel num_threads(2) default(shared) private(seen)
  !$omp atomic update
  arrived = arrived + 1
  if (omp_get_thread_num() == 0) then
    do
      !$omp atomic read
      seen = arrived
      if (seen == 2) exit
    end do
    call glass_test_stop()
  end if
  !$omp barrier
  !$omp end parallel
  print '(a, i0)', "threads arrived: ", arrived
end program
