BEGIN
{
	trace(x = 1);
}
