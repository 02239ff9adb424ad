BEGIN
{
	x = 1; x += 2; x -= 3; x *= 4; x /= 5; x %= 6;
	x &= 7; x |= 8; x ^= 9; x <<= 10; x >>= 11;
	a = b = c = 0;
	self->t = this->u = 5;
	i++; ++i; i--; --i; self->n++; @a[1]--;
	p = 1, q = 2;
}
