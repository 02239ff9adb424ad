inline int add2[int x, int y] = x + y;
inline uint8_t low[int x] = x;
BEGIN
{
	trace(add2[1, pid]);
	trace(low[add2[2, 3]]);
}
