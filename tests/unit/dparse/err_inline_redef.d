inline int foo = 1;
inline int foo = 2;
