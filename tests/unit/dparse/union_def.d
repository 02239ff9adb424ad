union u {
	int i;
	char c[6];
	struct {
		short lo, hi;
	} half;
};
BEGIN
{
	a = sizeof(union u);
	b = offsetof(union u, half);
	c = ((union u *)arg0)->half.hi;
}
