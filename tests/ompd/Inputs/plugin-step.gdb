# `ompd step` of LLVM's gdb OMPD plugin on plugin-step.c, on a runtime without
# debug information (as installed from a package), so that the plugin skips
# its frames.
set confirm off
set pagination off
set width 0
ompd init
break plugin_step
continue
finish
echo == step 1\n
ompd step
echo == step 2\n
ompd step
echo == where\n
bt 1
echo == end\n
kill
