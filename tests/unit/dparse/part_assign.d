BEGIN
{
	x.y += 2;
	s.a[1]++;
	--p->m;
}
