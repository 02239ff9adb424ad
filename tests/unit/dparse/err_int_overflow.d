BEGIN
{
	x = 0x123456789abcdef01;
}
