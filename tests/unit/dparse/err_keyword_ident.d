BEGIN
{
	int = 1;
}
