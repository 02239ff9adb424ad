void func(int, int);
