BEGIN
{
	(x + 1)++;
}
