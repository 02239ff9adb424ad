typedef int myint;
