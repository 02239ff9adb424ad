int func(int, void);
