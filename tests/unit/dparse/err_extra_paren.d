BEGIN
{
	trace(pid));
}
