inline int rand = 7;
