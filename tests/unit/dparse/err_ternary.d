BEGIN
{
	x = a ? b;
}
