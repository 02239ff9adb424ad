BEGIN
{
	x = self;
}
