! Fortran mutual exclusion and workshare: unnamed and named critical
! sections, atomic update on integer, real(8) and complex(8) (the last goes
! through the runtime's atomic lock), atomic capture, and array syntax and
! reductions inside !$omp workshare.
! REQUIRES: gfortran, gcc
! RUN: %gfortran-omp %s -o %t
! RUN: for n in %threads; do OMP_NUM_THREADS=$n %run %t $n; done | FileCheck %s
! CHECK: threads=1 critical=1000 named=2000 atomic=1000 real=500.0 complex=(1000.0,-1000.0) tickets=T
! CHECK-NEXT: workshare: sum=1501500 max=3000 a(1)=3 a(n)=3000 count=500
! CHECK: threads=2 critical=2000 named=4000 atomic=2000 real=1000.0 complex=(2000.0,-2000.0) tickets=T
! CHECK-NEXT: workshare: sum=1501500 max=3000 a(1)=3 a(n)=3000 count=500
! CHECK: threads=4 critical=4000 named=8000 atomic=4000 real=2000.0 complex=(4000.0,-4000.0) tickets=T
! CHECK-NEXT: workshare: sum=1501500 max=3000 a(1)=3 a(n)=3000 count=500
! CHECK: threads=8 critical=8000 named=16000 atomic=8000 real=4000.0 complex=(8000.0,-8000.0) tickets=T
! CHECK-NEXT: workshare: sum=1501500 max=3000 a(1)=3 a(n)=3000 count=500
program critical_atomic_workshare
  use omp_lib
  implicit none
  integer, parameter :: n = 1000, per_thread = 1000
  integer :: expected, team, i, crit, named, atom, ticket, mine
  integer :: tickets(0:63 * per_thread)
  real(8) :: xr
  complex(8) :: zc
  real(8) :: a(n), b(n), c(n), total, biggest
  integer :: evens
  character(len=16) :: arg

  call get_command_argument(1, arg)
  read (arg, *) expected
  crit = 0; named = 0; atom = 0; ticket = 0; xr = 0; zc = (0, 0); team = 0
  tickets = 0

  !$omp parallel private(i, mine)
  if (omp_get_thread_num() == 0) team = omp_get_num_threads()
  do i = 1, per_thread
    !$omp critical
    crit = crit + 1
    !$omp end critical
    !$omp critical (pairs)
    named = named + 2
    !$omp end critical (pairs)
    !$omp atomic
    atom = atom + 1
    !$omp atomic update
    xr = xr + 0.5d0
    !$omp atomic
    zc = zc + (1.0d0, -1.0d0)
    ! capture: every thread draws distinct tickets
    !$omp atomic capture
    mine = ticket
    ticket = ticket + 1
    !$omp end atomic
    tickets(mine) = tickets(mine) + 1
  end do
  !$omp end parallel
  if (team /= expected) stop 1
  write (*, '(a,i0,a,i0,a,i0,a,i0,a,f0.1,a,f0.1,a,f0.1,a,l1)') 'threads=', team, &
    ' critical=', crit, ' named=', named, ' atomic=', atom, ' real=', xr, &
    ' complex=(', real(zc), ',', aimag(zc), ') tickets=', all(tickets(0:team * per_thread - 1) == 1)

  b = [(dble(i), i = 1, n)]
  c = [(2 * dble(i), i = 1, n)]
  !$omp parallel workshare
  a = b + c
  total = sum(a)
  biggest = maxval(a)
  evens = count(mod(int(a), 2) == 0)
  !$omp end parallel workshare
  write (*, '(a,i0,a,i0,a,i0,a,i0,a,i0)') 'workshare: sum=', nint(total), &
    ' max=', nint(biggest), ' a(1)=', nint(a(1)), ' a(n)=', nint(a(n)), ' count=', evens
end program critical_atomic_workshare
