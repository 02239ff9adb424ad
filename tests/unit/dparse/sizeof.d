struct foo {
	long pad;
	int bar;
};
BEGIN
{
	a = sizeof(int);
	b = sizeof (struct task_struct);
	c = sizeof x;
	d = sizeof(x) + 1;
	e = sizeof(char *);
	f = stringof(arg0);
	g = stringof arg0;
	h = offsetof(struct foo, bar);
	i = sizeof(struct foo);
}
