translator struct s < int T > {
	s_x = T;
};
