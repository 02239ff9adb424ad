union u {
	int a;
};
