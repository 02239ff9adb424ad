self x, y;
this z;
self int w;
BEGIN { self->x = 1; }
