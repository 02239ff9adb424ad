#pragma D option quiet

BEGIN
{
	@spread["even"] = stddev(2);
	@spread["even"] = stddev(4);
	@spread["even"] = stddev(6);
	@spread["even"] = stddev(8);
	@spread["mixed"] = stddev(-40);
	@spread["mixed"] = stddev(10);
	@spread["mixed"] = stddev(75);
	@spread["one"] = stddev(123456789);
	@big = stddev(9000000000);
	@big = stddev(9000004000);
	@big = stddev(8999996000);
	printa("%-6s %@u\n", @spread);
	exit(0);
}
