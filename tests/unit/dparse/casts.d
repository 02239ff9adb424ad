BEGIN
{
	a = (int)x;
	b = (unsigned long long)x;
	c = (struct foo *)arg0;
	d = (string)arg1;
	e = (char **)p;
	f = (uint64_t)x + 1;
	g = (const char *)arg0;
	h = (long)-1;
	i = (pid_t)(x);
	j = (my_t *)y;
	k = (z);
	l = ((struct task_struct *)curthread)->pid;
	m = (union u)*p;
	n = (enum e)3;
	o = (signed char)3;
}
