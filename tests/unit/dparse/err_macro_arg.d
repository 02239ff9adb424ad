BEGIN
{
	x = $9;
}
