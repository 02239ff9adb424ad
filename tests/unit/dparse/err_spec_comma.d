BEGIN,
{
}
