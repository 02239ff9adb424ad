BEGIN
{
	x = f(1)(2);
}
