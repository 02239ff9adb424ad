BEGIN
{
	x = $nosuch;
}
