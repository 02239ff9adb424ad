struct foo {
	int a;
	char b;
	long c;
	unsigned int f : 4, g : 4;
};
struct foo;
BEGIN
{
	a = sizeof(struct foo);
	b = offsetof(struct foo, c);
	c = ((struct foo *)arg0)->b;
	d = (struct foo *)arg1;
}
