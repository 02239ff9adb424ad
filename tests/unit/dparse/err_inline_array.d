inline int a[int x] = x;
