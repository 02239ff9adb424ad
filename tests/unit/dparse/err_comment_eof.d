BEGIN
{
	x = 1; /* unterminated
}
