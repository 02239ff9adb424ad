BEGIN
{
	@a[] = count();
}
