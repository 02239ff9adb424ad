typedef int myint;
typedef struct pair {
	myint first;
	myint second;
} pair_t, *pair_p;
typedef unsigned char byte_t;
myint x;
pair_t *p;
BEGIN
{
	x = (myint)arg0;
	y = ((pair_p)arg1)->second;
	z = sizeof(pair_t) + sizeof(byte_t) + offsetof(pair_t, second);
	w = (byte_t)arg2;
}
