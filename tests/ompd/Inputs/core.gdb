set confirm off
set pagination off
ompd init
echo == threads\n
ompd threads
echo == parallel\n
ompd parallel
echo == tasks\n
ompd tasks
echo == icvs\n
ompd icvs
echo == bt\n
ompd bt
