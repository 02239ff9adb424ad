BEGIN
{
	x = 1; // not a D comment
}
