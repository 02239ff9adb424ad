BEGIN
/x/
