pid$9:::entry
{
}
