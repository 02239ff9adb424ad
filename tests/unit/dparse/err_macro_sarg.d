BEGIN
{
	x = $$12;
}
