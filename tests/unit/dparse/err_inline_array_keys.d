inline int sq[int x] = x * x;
BEGIN { trace(sq[1, 2]); }
