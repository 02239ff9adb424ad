BEGIN
{
	a = x.y.z;
	b = p->q->r;
	c = curthread->self;
	d = x->string.int;
	e = (*p).f;
	f = a[1].b[2];
}
