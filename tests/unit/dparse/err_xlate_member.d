struct out { int x; };
translator struct out < int I > { x = I; };
BEGIN
{
	trace(xlate <struct out *>(arg0)->y);
}
