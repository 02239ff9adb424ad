BEGIN
{
	/* a comment */ # 5 "x.d"
	x = 1;
}
