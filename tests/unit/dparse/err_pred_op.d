BEGIN
/x < != 10/
{
}
