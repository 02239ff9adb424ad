struct foo {
	int a;
};
