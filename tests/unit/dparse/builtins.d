BEGIN
{
	trace(execname); trace(pid); trace(tid); trace(ppid); trace(uid);
	trace(gid); trace(cpu); trace(timestamp); trace(vtimestamp);
	trace(walltimestamp); trace(arg0); trace(arg9); trace(errno);
	trace(probeprov); trace(probemod); trace(probefunc); trace(probename);
	trace(curpsinfo->pr_pid); trace(stackdepth); trace(caller);
	trace(ucaller); trace(epid); trace(id); trace(notabuiltin);
}
