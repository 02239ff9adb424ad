BEGIN
/i = 20/
{
}
