#!/usr/sbin/dtrace -s
/* two clauses, one with a predicate */
BEGIN
{
	x = 1;
}

syscall::read:entry,
syscall::write:entry
/pid == 42/
{
	@calls[probefunc] = count();
}
