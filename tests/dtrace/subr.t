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
# tracemem(): DTrace's dump of the bytes, size of them or the dynamic
# size (at most size); the first openat of a dynamically linked program
# names ld.so's cache.
same tracemem 0 "
             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 2f 65 74 63 2f 6c 64 2e 73 6f 2e 63 61 63 68 65  /etc/ld.so.cache
        10: 00                                               .

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 2f 65 74                                         /et

             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef
         0: 2f 65 74 63 2f                                   /etc/

" -- -q -c /bin/true -n 'syscall::openat:entry /pid == $target/ { tracemem(arg1, 17); n = 3; tracemem(arg1, 5, n); tracemem(arg1, 5, 100); exit(0); }'
err tracemem_zero 1 "dtrace: invalid probe specifier BEGIN { tracemem(curthread, 0); }: [D_TRACEMEM_SIZE] tracemem( ) argument #2 must be a non-zero positive integral constant expression" -- \
	-n 'BEGIN { tracemem(curthread, 0); }'
err tracemem_struct 1 "dtrace: invalid probe specifier BEGIN { tracemem(*curthread, 8); }: [D_TRACEMEM_ADDR] tracemem( ) argument #1 is incompatible with prototype:" -- \
	-n 'BEGIN { tracemem(*curthread, 8); }'
err tracemem_string_size 1 "dtrace: invalid probe specifier BEGIN { tracemem(curthread, \"x\"); }: [D_PROTO_ARG] tracemem( ) argument #2 is incompatible with prototype:" -- \
	-n 'BEGIN { tracemem(curthread, "x"); }'
err tracemem_one_arg 1 "dtrace: invalid probe specifier BEGIN { tracemem(curthread); }: [D_PROTO_LEN] tracemem( ) prototype mismatch: 1 arg passed, at least 2 expected" -- \
	-n 'BEGIN { tracemem(curthread); }'
err mutex_type_adaptive 1 "dtrace: invalid probe specifier BEGIN { trace(mutex_type_adaptive(0)); }: function 'mutex_type_adaptive' is not supported yet: Linux has no adaptive mutexes" -- \
	-n 'BEGIN { trace(mutex_type_adaptive(0)); }'
err cwd_missing 1 "dtrace: invalid probe specifier BEGIN { trace(cwd); }: builtin 'cwd' is not supported yet: a path is read with bpf_d_path(), which the kernel allows only in fentry and LSM programs on a few functions, not in the programs D's probes run" -- \
	-n 'BEGIN { trace(cwd); }'
