provider foo {
	probe bar(int);
};
