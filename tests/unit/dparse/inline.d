inline int N = 5;
inline int M = N * 2 + 1;
inline string S = "str";
inline int NEG = -3;
inline int64_t BIG = 1 << 40;
inline uint8_t B8 = 257;
inline int8_t S8 = 255;
inline int CMP = 3 > 2 ? 3 : 2;
inline int P = pid != 0;
inline int D = 1 / 0;
BEGIN
{
	trace(N); trace(M); trace(S); trace(NEG); trace(BIG); trace(CMP); trace(B8); trace(S8);
	trace(P); trace(D);
	x[N] = M;
}
