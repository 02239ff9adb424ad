BEGIN
{
	1 = 2;
}
