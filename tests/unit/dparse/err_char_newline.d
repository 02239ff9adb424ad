BEGIN
{
	x = 'ab
';
}
