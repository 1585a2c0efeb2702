! Atomic updates of types no instruction can update atomically (complex(8),
! real(16)): gfortran brackets them with GOMP_atomic_start/GOMP_atomic_end,
! the runtime's atomic lock. No update may be lost.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: objdump -d %t | FileCheck %s --check-prefix=ASM
! ASM: call{{.*}}<GOMP_atomic_start
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
! CHECK: threads=1 complex=(20000,40000) quad=20000
! CHECK: threads=2 complex=(40000,80000) quad=40000
! CHECK: threads=4 complex=(80000,160000) quad=80000
! CHECK: threads=8 complex=(160000,320000) quad=160000
program atomic_complex
  use omp_lib
  implicit none
  integer, parameter :: iterations = 20000
  complex(8) :: c
  real(16) :: q
  integer :: expected, team, i
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) expected
  c = (0.0d0, 0.0d0)
  q = 0.0_16
  team = 0
  !$omp parallel private(i) shared(c, q, team)
  if (omp_get_thread_num() == 0) team = omp_get_num_threads()
  do i = 1, iterations
    !$omp atomic
    c = c + (1.0d0, 2.0d0)
    !$omp atomic
    q = q + 1.0_16
  end do
  !$omp end parallel
  if (team /= expected) stop 2
  write (*, '(a,i0,a,i0,a,i0,a,i0)') 'threads=', team, ' complex=(', nint(real(c)), ',', &
    nint(aimag(c)), ') quad=', nint(q)
end program
