struct in { int a; long b; };
struct out { int sum; uint8_t low; long twice; };
translator struct out < struct in *I > {
	sum = I->a + I->b;
	low = I->a;
	twice = I->b * 2;
};
inline struct out *conv = xlate <struct out *> ((struct in *)arg0);
BEGIN
{
	x = xlate <struct out *> ((struct in *)arg1)->sum;
	y = conv->low;
	p = curpsinfo->pr_ppid;
	t = curlwpsinfo->pr_lwpid;
}
