BEGIN
{
	x = 0129;
}
