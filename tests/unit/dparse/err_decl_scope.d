int `xyz;
