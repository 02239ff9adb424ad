extern int foo;
