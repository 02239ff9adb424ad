inline int foo = foo + 3;
