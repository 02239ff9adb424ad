BEGIN
{
	x = #;
}
