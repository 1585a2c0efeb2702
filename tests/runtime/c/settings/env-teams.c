// OMP_NUM_TEAMS and OMP_TEAMS_THREAD_LIMIT: read back with omp_get_max_teams
// and omp_get_teams_thread_limit (0: not set).
// RUN: %omp-cc %s -o %t
// RUN: %run %t 0 0 | FileCheck %s --check-prefix=UNSET
// RUN: OMP_NUM_TEAMS=4 OMP_TEAMS_THREAD_LIMIT=" 8 " %run %t 4 8 | FileCheck %s --check-prefix=SET
// RUN: for v in "" "0" "-2" "x" "99999999999"; do OMP_NUM_TEAMS="$v" %run %t 0 0; done 2>&1 | FileCheck %s --check-prefix=BADTEAMS
// RUN: for v in "" "0" "-2" "x" "99999999999"; do OMP_TEAMS_THREAD_LIMIT="$v" %run %t 0 0; done 2>&1 | FileCheck %s --check-prefix=BADLIMIT
// UNSET: max-teams=0 teams-thread-limit=0
// SET: max-teams=4 teams-thread-limit=8
// BADTEAMS: glass: OMP_NUM_TEAMS="" is invalid: expected a positive integer; using the default
// BADTEAMS-NEXT: max-teams=0
// BADTEAMS-NEXT: glass: OMP_NUM_TEAMS="0" is invalid
// BADTEAMS-NEXT: max-teams=0
// BADTEAMS-NEXT: glass: OMP_NUM_TEAMS="-2" is invalid
// BADTEAMS-NEXT: max-teams=0
// BADTEAMS-NEXT: glass: OMP_NUM_TEAMS="x" is invalid
// BADTEAMS-NEXT: max-teams=0
// BADTEAMS-NEXT: glass: OMP_NUM_TEAMS="99999999999" is invalid
// BADTEAMS-NEXT: max-teams=0
// BADLIMIT: glass: OMP_TEAMS_THREAD_LIMIT="" is invalid: expected a positive integer; using the default
// BADLIMIT-NEXT: teams-thread-limit=0
// BADLIMIT-NEXT: glass: OMP_TEAMS_THREAD_LIMIT="0" is invalid
// BADLIMIT-NEXT: teams-thread-limit=0
// BADLIMIT-NEXT: glass: OMP_TEAMS_THREAD_LIMIT="-2" is invalid
// BADLIMIT-NEXT: teams-thread-limit=0
// BADLIMIT-NEXT: glass: OMP_TEAMS_THREAD_LIMIT="x" is invalid
// BADLIMIT-NEXT: teams-thread-limit=0
// BADLIMIT-NEXT: glass: OMP_TEAMS_THREAD_LIMIT="99999999999" is invalid
// BADLIMIT-NEXT: teams-thread-limit=0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc < 3 || omp_get_max_teams() != atoi(argv[1]) || omp_get_teams_thread_limit() != atoi(argv[2]))
        return 1;
    printf("max-teams=%d teams-thread-limit=%d\n", omp_get_max_teams(), omp_get_teams_thread_limit());
    return 0;
}
