# epid numbers each clause on each of its probes from 1, in script
# order; the subroutines and variables ferret lacks fail where they are
# written, with the reason.
same epid 0 "1
2
3

" -- -q -n 'BEGIN { printf("%d\n", epid); }
	     BEGIN, END { printf("%d\n", epid); exit(0); }'

err copyin_missing 1 "dtrace: invalid probe specifier BEGIN { trace(copyin(0, 4)); }: function 'copyin' is not supported yet: it returns memory of D's scratch space, which ferret has not" -- \
	-n 'BEGIN { trace(copyin(0, 4)); }'
# progenyof(): the process itself and its descendants, through a shell;
# BEGIN runs in ferret, the target's parent, not its descendant.
printf '#!/bin/sh\nsh -c "python3 -c \\"import os; os.getppid()\\""\n' >"$W/progeny.sh"
chmod +x "$W/progeny.sh"
same progenyof 0 "0 1 1
1 1 0

" -- -q -c "$W/progeny.sh" -n 'BEGIN { printf("%d %d %d\n", progenyof($target), progenyof($pid), progenyof(1)); }
	syscall::getppid:entry /execname == "python3"/ { printf("%d %d %d\n", progenyof($target), progenyof(ppid), progenyof(pid + 1)); }'
err tracemem_missing 1 "dtrace: invalid probe specifier BEGIN { tracemem(0, 4); }: function 'tracemem' is not supported yet: memory dumps are not recorded" -- \
	-n 'BEGIN { tracemem(0, 4); }'
err mutex_type_adaptive 1 "dtrace: invalid probe specifier BEGIN { trace(mutex_type_adaptive(0)); }: function 'mutex_type_adaptive' is not supported yet: Linux has no adaptive mutexes" -- \
	-n 'BEGIN { trace(mutex_type_adaptive(0)); }'
err cwd_missing 1 "dtrace: invalid probe specifier BEGIN { trace(cwd); }: builtin 'cwd' is not supported yet: a path is read with bpf_d_path(), which the kernel allows only in fentry and LSM programs on a few functions, not in the programs D's probes run" -- \
	-n 'BEGIN { trace(cwd); }'
