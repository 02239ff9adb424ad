/* c */
#pragma D option quiet
BEGIN /* { */ { /* } */ x = 1; /* ; */ }

/* multi
 * line */
END
{
	trace(x)
}
