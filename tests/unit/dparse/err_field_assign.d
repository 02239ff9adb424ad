BEGIN
{
	x.y += 2;
}
