BEGIN
/ x / 2 > 1 /
{}
BEGIN /x/2/ {}
BEGIN
/(a) && b[1] /
{
	y = a / b;
}
