/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_PIDNS_H
#define FERRET_ST_PIDNS_H

/* What a process id names: a thread, a process, a group, a session. */
enum st_pid_type { ST_PT_TID, ST_PT_TGID, ST_PT_PGID, ST_PT_SID };

/*
 * The id of type that the traced thread tid (a pid in ferret's own
 * namespace) passed or was given, in ferret's pid namespace: id itself
 * when the thread shares that namespace, the number /proc gives the same
 * task or group otherwise, 0 when no process has it.
 */
int st_pidns_translate(int tid, int id, enum st_pid_type type);

/*
 * Records that the task ours (in ferret's namespace) is id in the pid
 * namespace whose inode is ns, so that the task is still known once it
 * has been reaped and /proc has forgotten it.
 */
void st_pidns_learn(int ours, int id, unsigned long ns);

#endif
