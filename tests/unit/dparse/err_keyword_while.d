BEGIN
{
	x = while;
}
