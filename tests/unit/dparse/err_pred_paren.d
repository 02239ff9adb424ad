BEGIN
/rand(/
{
}
