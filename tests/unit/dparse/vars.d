BEGIN
{
	self->ts = timestamp;
	self->a[pid, execname] = 1;
	this->x = arg0;
	@ = count();
	@c = count();
	@d[probefunc, probename] = sum(arg1);
	g[1, "a"] = 2;
	h = g[1, "a"];
	trace(args[0]->f_path.dentry);
	trace(curthread->pid);
	trace(uregs[0]);
	trace(this->x[3]);
}
