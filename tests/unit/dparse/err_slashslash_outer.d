BEGIN
// comment
{
}
