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
err tracemem_missing 1 "dtrace: invalid probe specifier BEGIN { tracemem(0, 4); }: function 'tracemem' is not supported yet: memory dumps are not recorded" -- \
	-n 'BEGIN { tracemem(0, 4); }'
err mutex_type_adaptive 1 "dtrace: invalid probe specifier BEGIN { trace(mutex_type_adaptive(0)); }: function 'mutex_type_adaptive' is not supported yet: Linux has no adaptive mutexes" -- \
	-n 'BEGIN { trace(mutex_type_adaptive(0)); }'
err cwd_missing 1 "dtrace: invalid probe specifier BEGIN { trace(cwd); }: builtin 'cwd' is not supported yet: a path is read with bpf_d_path(), which the kernel allows only in fentry and LSM programs on a few functions, not in the programs D's probes run" -- \
	-n 'BEGIN { trace(cwd); }'
