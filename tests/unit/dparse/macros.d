BEGIN
{
	a = $1; b = $$1; c = $2; d = $$2; e = $3; f = $4; g = $5; h = $6;
	i = $target; j = $pid; k = $ppid; l = $uid; m = $gid; n = $$pid;
	o = $0;
}
