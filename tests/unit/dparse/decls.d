int x;
self int y;
this string s;
string a[int];
int b[int, string], c;
uint64_t d;
int *p;
int fixed[4];
struct foo f;
unsigned long long ull;
BEGIN
{
	a[1] = "x";
	b[1, "y"] = 2;
	trace(p[1]);
	trace(fixed[2]);
	x = d;
	undeclared[5] = 6;
}
