enum color { RED, GREEN = 5, BLUE, WHITE = RED + 10 };
enum { A = -1, B, };
BEGIN
{
	trace(RED); trace(GREEN); trace(BLUE); trace(WHITE); trace(A); trace(B);
}
