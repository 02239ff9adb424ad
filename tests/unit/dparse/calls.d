BEGIN
{
	printf("%d %s\n", pid, execname);
	printa("%@d\n", @a);
	trace(1);
	exit(0);
	@q = quantize(x);
	@l = lquantize(x, 0, 100, 10);
	s = strjoin("a", "b");
	rand();
	stack();
	ustack(5, 100);
}
