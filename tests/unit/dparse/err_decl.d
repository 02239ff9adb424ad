int x y;
