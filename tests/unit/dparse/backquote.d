BEGIN
{
	x = `max_pfn;
	y = &vmlinux`max_pfn;
	z = `init_task.pid;
}
