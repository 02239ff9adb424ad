BEGIN { x = a ^^ b; }
