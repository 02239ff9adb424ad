BEGIN
{
	x = '';
}
