BEGIN
{
	x = (int;
}
