BEGIN
{
	`v++;
}
