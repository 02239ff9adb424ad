static int foo;
