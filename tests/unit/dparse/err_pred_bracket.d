BEGIN
/args[0/
{
}
