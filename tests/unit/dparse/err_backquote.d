BEGIN
{
	x = `max_pfn;
}
