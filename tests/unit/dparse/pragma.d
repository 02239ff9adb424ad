#pragma D option quiet
#pragma D option bufsize=4m
  #pragma D option switchrate=10hz
#pragma D attributes Evolving/Evolving/Common provider foo name
#pragma ident "something"
#pragma weak foo
# 12 "foo.d"
#line 3
#ident "x"
#
BEGIN
{
#pragma D option destructive
	exit(0);
}
