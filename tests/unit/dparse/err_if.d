BEGIN
{
	if (x) { y = 1; }
}
