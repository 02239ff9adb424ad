BEGIN
{
	trace(1);
}
}
