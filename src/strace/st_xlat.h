/* SPDX-License-Identifier: GPL-2.0 */
#ifndef FERRET_ST_XLAT_H
#define FERRET_ST_XLAT_H

#include <stdint.h>
#include "../util.h"

/*
 * Named constants, built from the system's own headers (the macros are
 * the values, so the tables cannot drift from them); a NULL name ends a
 * table.
 */
struct st_xlat {
	uint64_t val;
	const char *name;
};

/* ioctl request numbers and their names, by number (st_ioctlent.c, generated). */
extern const struct st_xlat st_ioctlent[];
extern const int st_nioctlent;

extern const struct st_xlat st_open_flags[], st_prot[], st_mmap_flags[],
	st_clone_flags[], st_at_flags[], st_signals[], st_sigmask_how[],
	st_af[], st_sock_type[], st_access[], st_whence[], st_fcntl[],
	st_errno[], st_rlimit[], st_clocks[], st_futex[], st_arch_prctl[],
	st_grnd[], st_madvise[], st_prctl[], st_sa_flags[],
	st_wait_opts[], st_fd_flags[], st_msg_flags[], st_sock_flags[],
	st_ifmt[], st_mremap[], st_cld_codes[], st_si_codes[],
	st_close_range[], st_statx_mask[], st_rename_flags[], st_epoll_ctl[],
	st_statx_attrs[], st_statx_sync[], st_fadvise[], st_fsmagic[],
	st_statfs_flags[], st_poll[], st_epoll_events[], st_itimer[],
	st_rwf[], st_uring_enter[], st_mount_setattr_flags[], st_mount_attr[],
	st_mount_propagation[], st_mbind_flags[], st_get_mempolicy_flags[],
	st_rusage_who[], st_ss_flags[], st_inet_proto[], st_netlink_proto[],
	st_sol[], st_ip_cmsg[], st_so[], st_tcp_opts[], st_ip_opts[], st_ipv6_opts[],
	st_idtype[], st_sig_handlers[], st_scm[], st_epoll_create_flags[],
	st_resolve[], st_sched_policy[], st_sched_flags[], st_adj_modes[],
	st_sta_status[], st_time_states[], st_efd_flags[], st_tfd_flags[],
	st_inotify_flags[], st_flock[], st_ioc_dirs[], st_xattr_flags[],
	st_access_at_flags[], st_timer_flags[], st_falloc_flags[],
	st_pr_dumpable[], st_pr_tsc[], st_pr_unalign[], st_pr_cap_ambient[],
	st_pr_mce_kill[], st_pr_mce_policy[], st_pr_set_mm[], st_pr_fp_mode[],
	st_pr_spec[], st_pr_spec_set[], st_pr_spec_get[], st_pr_set_vma[], st_secbits[],
	st_seccomp_modes[], st_caps[], st_mlockall[], st_mlock2[],
	st_pkey_rights[], st_sync_file_range[], st_splice_flags[], st_sfd_flags[],
	st_ipc_flags[], st_shmat_flags[], st_msgctl_cmds[], st_shmctl_cmds[], st_semctl_cmds[], st_sem_flags[],
	st_msg_ipc_flags[], st_ioprio_who[], st_ioprio_class[], st_kcmp_types[],
	st_mmap_types[], st_ms_flags[], st_pr_sched_core[], st_pidtypes[],
	st_pr_pac_keys[], st_pr_pac_enabled[], st_packet_opts[], st_raw_opts[],
	st_pidfd_flags[], st_pr_sve_vl_flags[], st_pr_sme_vl_flags[],
	st_pr_mte_tcf[], st_pr_sud_cmds[], st_memfd_flags[], st_x86_xfeature_bits[],
	st_x86_xfeatures[], st_personality_types[], st_personality_flags[],
	st_ptrace_events[], st_netlink_opts[], st_txrehash[], st_shm_flags[],
	st_ipc_private[], st_mount_flags[], st_fan_classes[], st_fan_init_flags[],
	st_fan_mark_flags[], st_fan_event_flags[], st_delete_module_flags[],
	st_module_init_flags[], st_memfd_secret_flags[], st_reboot_magic1[],
	st_reboot_magic2[], st_reboot_cmds[], st_syslog_actions[], st_log_levels[],
	st_open_tree_flags[], st_move_mount_flags[], st_fsopen_flags[], st_fsmount_flags[],
	st_mount_attr_flags[], st_fspick_flags[], st_landlock_create_flags[],
	st_landlock_rule_types[], st_landlock_access_fs[], st_seccomp_ops[],
	st_seccomp_filter_flags[], st_seccomp_ret_actions[], st_packet_mr_types[],
	st_icmp_types[], st_prio_which[], st_shutdown_how[], st_setns_types[],
	st_unshare_flags[], st_uffd_flags[], st_inotify_mask[], st_swap_flags[],
	st_key_spec[], st_umount_flags[], st_ill_codes[], st_fpe_codes[],
	st_segv_codes[], st_bus_codes[], st_trap_codes[], st_poll_codes[],
	st_sys_codes[], st_audit_arch[], st_arphrd[];

/*
 * How constants print (-X): names (abbrev, the default), numbers only
 * (raw), or numbers with the names in a comment (verbose).
 */
enum st_cstyle { ST_C_ABBREV, ST_C_RAW, ST_C_VERBOSE };
/* Sets the style of the functions below; returns the one it replaces. */
enum st_cstyle st_xlat_style(enum st_cstyle style);
enum st_cstyle st_xlat_get_style(void);

/* The name of val in t, or NULL. */
const char *st_xlat_name(const struct st_xlat *t, uint64_t val);
/* val's name, or val printed with fallback (a printf format of a u64). */
void st_xlat_enum(struct buf *b, const struct st_xlat *t, uint64_t val,
		  const char *fallback);
/* val's name, or, as strace, val in hex with dflt in a comment (or bare). */
void st_xlat_val(struct buf *b, const struct st_xlat *t, uint64_t val,
		 const char *dflt);
/* As st_xlat_flags(), with dflt commenting a rest of unknown bits. */
void st_xlat_flags_dflt(struct buf *b, const struct st_xlat *t, uint64_t val,
			const char *zero, const char *dflt);
/*
 * val as flag names joined by '|' (any rest in hex), or zero when val
 * is 0 (zero: a name such as "0").
 */
void st_xlat_flags(struct buf *b, const struct st_xlat *t, uint64_t val,
		   const char *zero);
/* The errno name of e (ENOENT), or NULL. */
const char *st_errno_name(int e);
/* The signal's name (SIGCHLD, SIGRT_3), written to b. */
void st_signame(struct buf *b, int sig);
/* A signal in an argument or a field: its name, in -X's style. */
void st_sig(struct buf *b, int sig);
/* The number of signal name (with or without SIG, any case) or number; -1. */
int st_signum(const char *name);

#endif
