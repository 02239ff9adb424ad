extern int foo, *bar[2];
extern char foo;
