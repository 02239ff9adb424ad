BEGIN
{
	/* a /* b */
}
