BEGIN
{
	x = args[0, 1];
}
