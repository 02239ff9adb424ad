/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ferret strace: ioctl's third argument by request, as strace decodes
 * it.  The terminal requests: struct termios, termios2 and termio (the
 * kernel's layouts: x86-64's glibc struct termios differs), struct
 * winsize, modem lines, and the ints they read or write; an inode's
 * flags.
 */
#include <string.h>
#include <termios.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <linux/fs.h>
#include <linux/blkpg.h>
#include <linux/blktrace_api.h>
#include <linux/tee.h>
#include <linux/blkzoned.h>
#include <linux/counter.h>
#include <linux/fiemap.h>
#include <linux/inotify.h>
#include <linux/nsfs.h>
#include <linux/random.h>
#include <linux/watchdog.h>

#include "st_ioctl.h"
#include "st_xlat.h"

#define X(n) { (uint64_t)(n), #n }
#define END { 0, NULL }

/* The kernel's struct termios2 requests (asm/ioctls.h; glibc lacks them). */
#define ST_TCGETS2	0x802c542aU
#define ST_TCSETS2	0x402c542bU
#define ST_TCSETSW2	0x402c542cU
#define ST_TCSETSF2	0x402c542dU
/* asm/termbits.h: the input speed's bits in c_cflag, and BOTHER. */
#define ST_CIBAUD	002003600000U
#define ST_IBSHIFT	16
#define ST_BOTHER	0010000U
#define ST_CBAUD	0010017U
/* The kernel's struct termios: four flags, c_line, 19 c_cc; termio's 8. */
#define ST_NCCS		19
#define ST_NCC		8

static const struct st_xlat iflags[] = {
	X(IGNBRK), X(BRKINT), X(IGNPAR), X(PARMRK), X(INPCK), X(ISTRIP),
	X(INLCR), X(IGNCR), X(ICRNL), X(IUCLC), X(IXON), X(IXANY), X(IXOFF),
	X(IMAXBEL), X(IUTF8), END,
};

static const struct st_xlat oflags[] = {
	X(OPOST), X(OLCUC), X(ONLCR), X(OCRNL), X(ONOCR), X(ONLRET), X(OFILL),
	X(OFDEL), END,
};

static const struct st_xlat nldly[] = { X(NL0), X(NL1), END };
static const struct st_xlat crdly[] = { X(CR0), X(CR1), X(CR2), X(CR3), END };
/* XTABS is TAB3, and strace names it so. */
static const struct st_xlat tabdly[] = { X(XTABS), X(TAB0), X(TAB1), X(TAB2), END };
static const struct st_xlat bsdly[] = { X(BS0), X(BS1), END };
static const struct st_xlat vtdly[] = { X(VT0), X(VT1), END };
static const struct st_xlat ffdly[] = { X(FF0), X(FF1), END };

static const struct st_xlat cflags[] = {
	X(CSTOPB), X(CREAD), X(PARENB), X(PARODD), X(HUPCL), X(CLOCAL),
	X(CMSPAR), X(CRTSCTS), END,
};

static const struct st_xlat csize[] = { X(CS5), X(CS6), X(CS7), X(CS8), END };

static const struct st_xlat lflags[] = {
	X(ISIG), X(ICANON), X(XCASE), X(ECHO), X(ECHOE), X(ECHOK), X(ECHONL),
	X(NOFLSH), X(IEXTEN), X(ECHOCTL), X(ECHOPRT), X(ECHOKE), X(FLUSHO),
	X(PENDIN), X(TOSTOP), X(EXTPROC), END,
};

static const struct st_xlat bauds[] = {
	X(B0), X(B50), X(B75), X(B110), X(B134), X(B150), X(B200), X(B300),
	X(B600), X(B1200), X(B1800), X(B2400), X(B4800), X(B9600), X(B19200),
	X(B38400), X(B57600), X(B115200), X(B230400), X(B460800), X(B500000),
	X(B576000), X(B921600), X(B1000000), X(B1152000), X(B1500000),
	X(B2000000), X(B2500000), X(B3000000), X(B3500000), X(B4000000),
	{ ST_BOTHER, "BOTHER" }, END,
};

static const struct st_xlat line_discs[] = {
	{ 0, "N_TTY" }, { 1, "N_SLIP" }, { 2, "N_MOUSE" }, { 3, "N_PPP" },
	{ 4, "N_STRIP" }, { 5, "N_AX25" }, { 6, "N_X25" }, { 7, "N_6PACK" },
	{ 8, "N_MASC" }, { 9, "N_R3964" }, { 10, "N_PROFIBUS_FDL" },
	{ 11, "N_IRDA" }, { 12, "N_SMSBLOCK" }, { 13, "N_HDLC" },
	{ 14, "N_SYNC_PPP" }, { 15, "N_HCI" }, { 16, "N_GIGASET_M101" },
	{ 17, "N_SLCAN" }, { 18, "N_PPS" }, { 19, "N_V253" }, { 20, "N_CAIF" },
	{ 21, "N_GSM0710" }, { 22, "N_TI_WL" }, { 23, "N_TRACESINK" },
	{ 24, "N_TRACEROUTER" }, { 25, "N_NCI" }, { 26, "N_SPEAKUP" },
	{ 27, "N_NULL" }, END,
};

static const struct st_xlat cc_names[] = {
	X(VINTR), X(VQUIT), X(VERASE), X(VKILL), X(VEOL2), X(VSWTC), X(VSTART),
	X(VSTOP), X(VSUSP), X(VREPRINT), X(VDISCARD), X(VWERASE), X(VLNEXT),
	X(VMIN), X(VTIME), X(VEOF), X(VEOL), END,
};

static const struct st_xlat modem[] = {
	X(TIOCM_LE), X(TIOCM_DTR), X(TIOCM_RTS), X(TIOCM_ST), X(TIOCM_SR),
	X(TIOCM_CTS), X(TIOCM_CAR), X(TIOCM_RNG), X(TIOCM_DSR),
	/* asm-generic/termios.h's, which glibc's headers hide */
	{ 0x2000, "TIOCM_OUT1" }, { 0x4000, "TIOCM_OUT2" }, { 0x8000, "TIOCM_LOOP" }, END,
};

/* An inode's flags (FS_IOC_GETFLAGS, FS_IOC_SETFLAGS). */
static const struct st_xlat fs_flags[] = {
	X(FS_SECRM_FL), X(FS_UNRM_FL), X(FS_COMPR_FL), X(FS_SYNC_FL),
	X(FS_IMMUTABLE_FL), X(FS_APPEND_FL), X(FS_NODUMP_FL), X(FS_NOATIME_FL),
	X(FS_DIRTY_FL), X(FS_COMPRBLK_FL), X(FS_NOCOMP_FL), X(FS_ENCRYPT_FL),
	X(FS_INDEX_FL), X(FS_IMAGIC_FL), X(FS_JOURNAL_DATA_FL), X(FS_NOTAIL_FL),
	X(FS_DIRSYNC_FL), X(FS_TOPDIR_FL), X(FS_HUGE_FILE_FL), X(FS_EXTENT_FL),
	X(FS_VERITY_FL), X(FS_EA_INODE_FL), X(FS_EOFBLOCKS_FL), X(FS_NOCOW_FL),
	X(FS_DAX_FL), X(FS_INLINE_DATA_FL), X(FS_PROJINHERIT_FL), X(FS_CASEFOLD_FL),
	X(FS_RESERVED_FL), END,
};

static const struct st_xlat tcxonc[] = {
	X(TCOOFF), X(TCOON), X(TCIOFF), X(TCION), END,
};

static const struct st_xlat tcflsh[] = {
	X(TCIFLUSH), X(TCOFLUSH), X(TCIOFLUSH), END,
};

/* What a request's argument is, and whether the call reads or fills it. */
enum arg_kind {
	K_NONE,		/* no argument */
	K_TERMIOS, K_TERMIOS2, K_TERMIO, K_WINSIZE, K_MODEM,
	K_INT,		/* [int] through the pointer */
	K_UINT,		/* [unsigned int] through the pointer */
	K_FSFLAGS,	/* [inode flags] through the pointer */
	K_RANDPOOL,	/* struct rand_pool_info and its bytes */
	K_USHORT, K_LONG, K_ULONG, K_U64,	/* [N] through the pointer */
	K_U64PAIR,	/* [N, M]: two u64 through the pointer */
	K_VAL_ULONG,	/* the argument itself, unsigned */
	K_CHAR,		/* one byte, as a string */
	K_VAL_INT,	/* the argument itself, an int */
	K_VAL_XONC, K_VAL_FLSH,	/* the argument itself, named */
	K_FSTRIM,	/* struct fstrim_range */
	K_FSXATTR, K_FSXATTR_GET,	/* struct fsxattr, set or got */
	K_FIEMAP,	/* struct fiemap: asked at entry, answered at exit */
	K_COUNTER_WATCH,	/* struct counter_watch */
	K_BLKPG,	/* struct blkpg_ioctl_arg and the partition it points to */
	K_BLKTRACE,	/* struct blk_user_trace_setup: the request, the name at exit */
};

static const struct st_xlat fs_xflags[] = {
	X(FS_XFLAG_REALTIME), X(FS_XFLAG_PREALLOC), X(FS_XFLAG_IMMUTABLE),
	X(FS_XFLAG_APPEND), X(FS_XFLAG_SYNC), X(FS_XFLAG_NOATIME),
	X(FS_XFLAG_NODUMP), X(FS_XFLAG_RTINHERIT), X(FS_XFLAG_PROJINHERIT),
	X(FS_XFLAG_NOSYMLINKS), X(FS_XFLAG_EXTSIZE), X(FS_XFLAG_EXTSZINHERIT),
	X(FS_XFLAG_NODEFRAG), X(FS_XFLAG_FILESTREAM), X(FS_XFLAG_DAX),
	X(FS_XFLAG_COWEXTSIZE), X(FS_XFLAG_HASATTR), END,
};

static const struct st_xlat fiemap_flags[] = {
	X(FIEMAP_FLAG_SYNC), X(FIEMAP_FLAG_XATTR), X(FIEMAP_FLAG_CACHE), END,
};

static const struct st_xlat counter_types[] = {
	X(COUNTER_COMPONENT_NONE), X(COUNTER_COMPONENT_SIGNAL),
	X(COUNTER_COMPONENT_COUNT), X(COUNTER_COMPONENT_FUNCTION),
	X(COUNTER_COMPONENT_SYNAPSE_ACTION), X(COUNTER_COMPONENT_EXTENSION), END,
};

static const struct st_xlat counter_scopes[] = {
	X(COUNTER_SCOPE_DEVICE), X(COUNTER_SCOPE_SIGNAL), X(COUNTER_SCOPE_COUNT), END,
};

static const struct st_xlat counter_events[] = {
	X(COUNTER_EVENT_OVERFLOW), X(COUNTER_EVENT_UNDERFLOW),
	X(COUNTER_EVENT_OVERFLOW_UNDERFLOW), X(COUNTER_EVENT_THRESHOLD),
	X(COUNTER_EVENT_INDEX), X(COUNTER_EVENT_CHANGE_OF_STATE),
	X(COUNTER_EVENT_CAPTURE), END,
};

static const struct {
	unsigned request;
	enum arg_kind kind;
	bool out;	/* filled by the call: shown at exit */
} requests[] = {
	{ TCGETS, K_TERMIOS, true }, { TIOCGLCKTRMIOS, K_TERMIOS, true },
	{ TCSETS, K_TERMIOS, false }, { TCSETSW, K_TERMIOS, false },
	{ TCSETSF, K_TERMIOS, false }, { TIOCSLCKTRMIOS, K_TERMIOS, false },
	{ ST_TCGETS2, K_TERMIOS2, true }, { ST_TCSETS2, K_TERMIOS2, false },
	{ ST_TCSETSW2, K_TERMIOS2, false }, { ST_TCSETSF2, K_TERMIOS2, false },
	{ TCGETA, K_TERMIO, true }, { TCSETA, K_TERMIO, false },
	{ TCSETAW, K_TERMIO, false }, { TCSETAF, K_TERMIO, false },
	{ TIOCGWINSZ, K_WINSIZE, true }, { TIOCSWINSZ, K_WINSIZE, false },
	{ TIOCMGET, K_MODEM, true }, { TIOCMBIS, K_MODEM, false },
	{ TIOCMBIC, K_MODEM, false }, { TIOCMSET, K_MODEM, false },
	{ TIOCGPGRP, K_INT, true }, { TIOCGSID, K_INT, true },
	{ TIOCGETD, K_INT, true }, { TIOCGSOFTCAR, K_INT, true },
	{ TIOCGPTN, K_INT, true }, { FIONREAD, K_INT, true },
	{ TIOCOUTQ, K_INT, true }, { TIOCGEXCL, K_INT, true },
	{ TIOCGDEV, K_INT, true },
	{ TIOCSPGRP, K_INT, false }, { TIOCSETD, K_INT, false },
	{ FIONBIO, K_INT, false }, { FIOASYNC, K_INT, false },
	{ TIOCPKT, K_INT, false }, { TIOCSSOFTCAR, K_INT, false },
	{ TIOCSPTLCK, K_INT, false },
	{ TIOCSTI, K_CHAR, false },
	{ TCSBRK, K_VAL_INT, false }, { TCSBRKP, K_VAL_INT, false },
	{ TIOCSCTTY, K_VAL_INT, false },
	{ TCXONC, K_VAL_XONC, false }, { TCFLSH, K_VAL_FLSH, false },
	{ TIOCSBRK, K_NONE, false }, { TIOCCBRK, K_NONE, false },
	{ TIOCCONS, K_NONE, false }, { TIOCNOTTY, K_NONE, false },
	{ TIOCEXCL, K_NONE, false }, { TIOCNXCL, K_NONE, false },
	{ FIOCLEX, K_NONE, false }, { FIONCLEX, K_NONE, false },
	{ TIOCVHANGUP, K_NONE, false }, { TIOCSSERIAL, K_NONE, false },
	{ FIFREEZE, K_NONE, false }, { FITHAW, K_NONE, false },
	{ FS_IOC_GETFLAGS, K_FSFLAGS, true }, { FS_IOC32_GETFLAGS, K_FSFLAGS, true },
	{ FS_IOC_SETFLAGS, K_FSFLAGS, false }, { FS_IOC32_SETFLAGS, K_FSFLAGS, false },
	/* Namespaces, watchdogs, the random device, inotify. */
	{ NS_GET_USERNS, K_NONE, false }, { NS_GET_PARENT, K_NONE, false },
	{ NS_GET_NSTYPE, K_NONE, false }, { NS_GET_OWNER_UID, K_UINT, true },
	{ WDIOC_GETSTATUS, K_INT, true }, { WDIOC_GETBOOTSTATUS, K_INT, true },
	{ WDIOC_GETTEMP, K_INT, true }, { WDIOC_GETTIMEOUT, K_INT, true },
	{ WDIOC_GETPRETIMEOUT, K_INT, true }, { WDIOC_GETTIMELEFT, K_INT, true },
	{ WDIOC_SETTIMEOUT, K_INT, false }, { WDIOC_SETPRETIMEOUT, K_INT, false },
	{ WDIOC_KEEPALIVE, K_NONE, false },
	{ RNDGETENTCNT, K_INT, true }, { RNDADDTOENTCNT, K_INT, false },
	{ RNDADDENTROPY, K_RANDPOOL, false },
	{ RNDZAPENTCNT, K_NONE, false }, { RNDCLEARPOOL, K_NONE, false },
	{ RNDRESEEDCRNG, K_NONE, false },
	{ INOTIFY_IOC_SETNEXTWD, K_VAL_INT, false },
	/* Block devices. */
	{ BLKRASET, K_VAL_ULONG, false }, { BLKFRASET, K_VAL_ULONG, false },
	{ BLKSECTGET, K_USHORT, true }, { BLKROTATIONAL, K_USHORT, true },
	{ BLKROGET, K_INT, true }, { BLKBSZGET, K_INT, true }, { BLKSSZGET, K_INT, true },
	{ BLKALIGNOFF, K_INT, true }, { BLKROSET, K_INT, false }, { BLKBSZSET, K_INT, false },
	{ BLKPBSZGET, K_UINT, true }, { BLKIOMIN, K_UINT, true }, { BLKIOOPT, K_UINT, true },
	{ BLKDISCARDZEROES, K_UINT, true }, { BLKGETZONESZ, K_UINT, true },
	{ BLKGETNRZONES, K_UINT, true },
	{ BLKRAGET, K_LONG, true }, { BLKFRAGET, K_LONG, true }, { BLKGETSIZE, K_ULONG, true },
	{ BLKGETSIZE64, K_U64, true }, { BLKGETDISKSEQ, K_U64, true },
	{ BLKDISCARD, K_U64PAIR, false }, { BLKSECDISCARD, K_U64PAIR, false },
	{ BLKZEROOUT, K_U64PAIR, false },
	{ BLKRRPART, K_NONE, false }, { BLKFLSBUF, K_NONE, false },
	{ BLKPG, K_BLKPG, false }, { BLKTRACESETUP, K_BLKTRACE, false },
	{ BLKTRACESTART, K_NONE, false }, { BLKTRACESTOP, K_NONE, false },
	{ BLKTRACETEARDOWN, K_NONE, false },
	{ FITRIM, K_FSTRIM, false }, { FS_IOC_FSSETXATTR, K_FSXATTR, false },
	{ FS_IOC_FSGETXATTR, K_FSXATTR_GET, true }, { FS_IOC_FIEMAP, K_FIEMAP, false },
	{ COUNTER_ADD_WATCH_IOCTL, K_COUNTER_WATCH, false },
	{ COUNTER_ENABLE_EVENTS_IOCTL, K_NONE, false },
	{ COUNTER_DISABLE_EVENTS_IOCTL, K_NONE, false },
};

/* The families decoded in files of their own, by _IOC_TYPE. */
static const struct st_ioc_family *const families[] = {
	&st_ioc_evdev,
	&st_ioc_gpio,
	&st_ioc_kd,
	&st_ioc_hdio,
	&st_ioc_ptp,
	&st_ioc_v4l2,
	&st_ioc_seccomp,
	&st_ioc_rtc,
	&st_ioc_loop,
	&st_ioc_nbd,
	&st_ioc_lirc,
	&st_ioc_uffdio,
	&st_ioc_ubi,
	&st_ioc_ubi_volume,
	&st_ioc_mtd,
	&st_ioc_scsi,
	&st_ioc_tee,
	&st_ioc_perf,
	&st_ioc_sock,
	&st_ioc_btrfs,
	&st_ioc_dm,
	&st_ioc_kvm,
	NULL,
};

void st_ioctl_capture(struct buf *b, char l, int i, int strsize, const char *request)
{
	st_ioc_kd_capture(b, l, i, strsize, request);
	if (i != 2)
		return;
	buf_printf(b, "if ($nr == %d && $a) { $v = %s & 0xffffffff; ", __NR_ioctl, request);
	/*
	 * The TEE argument block a struct tee_ioctl_buf_data points to, as
	 * long as it says up to the kernel's limit (record ST_TEE_IDX).
	 */
	if (l == ST_L_IOCTL)
		buf_printf(b, "if ($v == %u || $v == %u || $v == %u || $v == %u) { "
			   "$p = *($a); $l = *($a + 8); if ($l > %d) { $l = %d; } if ($p && $l) { "
			   "printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p, $l)); } } ",
			   (unsigned)TEE_IOC_INVOKE, (unsigned)TEE_IOC_OPEN_SESSION,
			   (unsigned)TEE_IOC_SUPPL_RECV, (unsigned)TEE_IOC_SUPPL_SEND, TEE_MAX_ARG_SIZE, TEE_MAX_ARG_SIZE, l, i, ST_TEE_IDX);
	/* BLKPG's partition, which its struct points to (record 1). */
	if (l == ST_L_IOCTL)
		buf_printf(b, "if ($v == %u) { $p = *($a + %zu); if ($p) { "
			   "printf(\"c%c%d %%d %%d %%r\", $t, %d, buf($p, %zu)); } } ",
			   BLKPG, offsetof(struct blkpg_ioctl_arg, data), l, i, ST_BLKPG_IDX,
			   sizeof(struct blkpg_partition));
	st_ioc_v4l2_capture(b, l, strsize);
	st_ioc_sock_capture(b, l);
	buf_printf(b, "} ");
}

static const struct st_ioc_family *family(unsigned request)
{
	size_t i;

	for (i = 0; families[i]; i++)
		if (families[i]->type == _IOC_TYPE(request))
			return families[i];
	return NULL;
}

static int find(unsigned request)
{
	size_t i;

	for (i = 0; i < sizeof(requests) / sizeof(requests[0]); i++)
		if (requests[i].request == request)
			return (int)i;
	return -1;
}

const char *st_ioctl_ret_fd(const struct st_call *c, char *name, size_t size)
{
	const struct st_ioc_family *f = family((unsigned)c->args[1]);

	return f && f->ret_fd ? f->ret_fd(c, name, size) : NULL;
}

bool st_ioctl_ret(struct buf *b, const struct st_call *c, const struct st_dopts *o)
{
	const struct st_ioc_family *f = family((unsigned)c->args[1]);

	return f && f->ret && f->ret(b, c, o);
}

void st_ioctl_len_capture(struct buf *b, const char *request)
{
	st_ioc_dm_capture(b, request);
	st_ioc_kvm_capture(b, request);
}

const char *st_ioctl_name(unsigned request)
{
	int lo = 0, hi = st_nioctlent;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (st_ioctlent[mid].val < request)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < st_nioctlent && st_ioctlent[lo].val == request ? st_ioctlent[lo].name : NULL;
}

/* A name of the table, or under -X verbose its number alone when it has none. */
static void param_val(struct buf *b, const struct st_xlat *t, unsigned v,
		      const char *dflt, bool verbose)
{
	const char *n = st_xlat_name(t, v);

	if (n)
		buf_printf(b, "%s", n);
	else if (verbose)
		buf_printf(b, "%#x", v);
	else
		st_xlat_val(b, t, v, dflt);
}

bool st_ioctl_number(struct buf *b, unsigned code, bool verbose)
{
	/* Requests named with their size: by type, direction and number. */
	static const struct { unsigned char type, dir, nr; const char *name; } sized[] = {
		{ 'E', _IOC_READ, 0x06, "EVIOCGNAME" }, { 'E', _IOC_READ, 0x07, "EVIOCGPHYS" },
		{ 'E', _IOC_READ, 0x08, "EVIOCGUNIQ" }, { 'E', _IOC_READ, 0x09, "EVIOCGPROP" },
		{ 'E', _IOC_READ, 0x0a, "EVIOCGMTSLOTS" }, { 'E', _IOC_READ, 0x18, "EVIOCGKEY" },
		{ 'E', _IOC_READ, 0x19, "EVIOCGLED" }, { 'E', _IOC_READ, 0x1a, "EVIOCGSND" },
		{ 'E', _IOC_READ, 0x1b, "EVIOCGSW" },
		{ 'H', _IOC_READ, 0x04, "HIDIOCGRAWNAME" }, { 'H', _IOC_READ, 0x05, "HIDIOCGRAWPHYS" },
		{ 'H', _IOC_READ, 0x06, "HIDIOCSFEATURE" }, { 'H', _IOC_READ, 0x08, "HIDIOCGRAWUNIQ" },
		{ 'H', _IOC_READ, 0x12, "HIDIOCGPHYS" },
		{ 'H', _IOC_READ | _IOC_WRITE, 0x06, "HIDIOCSFEATURE" },
		{ 'H', _IOC_READ | _IOC_WRITE, 0x07, "HIDIOCGFEATURE" },
		{ 'U', _IOC_READ, 0x2c, "UI_GET_SYSNAME" }, { 'j', _IOC_READ, 0x13, "JSIOCGNAME" },
		{ 'k', _IOC_WRITE, 0, "SPI_IOC_MESSAGE" },
	};
	unsigned type = _IOC_TYPE(code), dir = _IOC_DIR(code), nr = _IOC_NR(code);
	size_t i;

	if (code == _IOC(_IOC_READ, '!', 2, sizeof(uint64_t))) {
		buf_printf(b, "SECCOMP_IOCTL_NOTIF_ID_VALID_WRONG_DIR");
		return true;
	}
	if (type == 'M' && (dir == _IOC_WRITE || dir == _IOC_READ)) {
		buf_printf(b, "%s(%u)", dir == _IOC_WRITE ? "MIXER_WRITE" : "MIXER_READ", nr);
		return true;
	}
	if (type == 'E' && dir == _IOC_WRITE && nr >= 0xc0) {
		buf_printf(b, "EVIOCSABS(");
		param_val(b, st_evdev_abs, nr - 0xc0, "ABS_???", verbose);
		buf_printf(b, ")");
		return true;
	}
	if (type == 'E' && dir == _IOC_READ && nr >= 0x20 && nr < 0x40) {
		buf_printf(b, "EVIOCGBIT(");
		if (nr == 0x20)
			buf_printf(b, "0");
		else
			param_val(b, st_evdev_types, nr - 0x20, "EV_???", verbose);
		buf_printf(b, ", %u)", _IOC_SIZE(code));
		return true;
	}
	if (type == 'E' && dir == _IOC_READ && nr >= 0x40 && nr < 0x80) {
		buf_printf(b, "EVIOCGABS(");
		param_val(b, st_evdev_abs, nr - 0x40, "ABS_???", verbose);
		buf_printf(b, ")");
		return true;
	}
	for (i = 0; i < ARRAY_SIZE(sized); i++)
		if (sized[i].type == type && sized[i].dir == dir && sized[i].nr == nr) {
			buf_printf(b, "%s(%u)", sized[i].name, _IOC_SIZE(code));
			return true;
		}
	return false;
}

bool st_ioctl_pointer(unsigned request)
{
	/* The types strace 6.1 has a decoder for (its ioctl.c). */
	static const unsigned char decoded[] = {
		0x03, 0x12, '!', '"', '$', '=', '>', 'E', 'I', 'K', 'L', 'M', 'O',
		'R', 'T', 'V', 'W', 'X', 'f', 'i', 'o', 'p', 0x89, 0x94, 0xa4,
		0xaa, 0xab, 0xae, 0xb4, 0xb7, 0xfd,
	};
	size_t i;

	struct buf scratch = { 0 };
	bool named = st_ioctl_name(request) || st_ioctl_number(&scratch, request, false);

	buf_free(&scratch);
	if (!named)
		return false;
	/*
	 * The old numbers (block, scsi, sockets) carry no direction but
	 * point to data all the same; a newer _IO request takes a value.
	 */
	if (_IOC_DIR(request) == _IOC_NONE && _IOC_TYPE(request) != 0x12 &&
	    _IOC_TYPE(request) != 0x22 && _IOC_TYPE(request) != 0x89)
		return false;
	for (i = 0; i < sizeof(decoded); i++)
		if (decoded[i] == _IOC_TYPE(request))
			return true;
	return false;
}

bool st_ioctl_no_arg(unsigned request)
{
	const struct st_ioc_family *f = family(request);
	int i = find(request);

	if (f && f->no_arg && f->no_arg(request))
		return true;
	return i >= 0 && requests[i].kind == K_NONE;
}

/* The argument's bytes as the call saw them, in out; how many. */
static size_t joined_arg(const struct st_call *c, int arg, char letter, unsigned char *out)
{
	int i;

	for (i = 0; i < c->ncaps; i++)
		if (c->caps[i].arg == arg && c->caps[i].letter == letter && !c->caps[i].idx) {
			size_t n = c->caps[i].len < ST_IOCTL_READ ? c->caps[i].len : ST_IOCTL_READ;

			memcpy(out, c->caps[i].data, n);
			return n;
		}
	return 0;
}

static size_t joined(const struct st_call *c, char letter, unsigned char *out)
{
	return joined_arg(c, 2, letter, out);
}

size_t st_ioctl_arg_bytes(const struct st_call *c, int arg, bool exit, unsigned char *out)
{
	return joined_arg(c, arg, exit ? ST_L_IOCTL_OUT : ST_L_IOCTL, out);
}

/* How many bytes of ioctl's argument the BPF program read for request. */
static size_t ioctl_read(unsigned request)
{
	size_t n = _IOC_SIZE(request);

	if (n < ST_IOCTL_READ)
		return ST_IOCTL_READ;
	return n < ST_IOCTL_READ_MAX ? n : ST_IOCTL_READ_MAX;
}

size_t st_ioctl_struct(const struct st_call *c, bool exit, void *out, size_t size)
{
	char letter = exit ? ST_L_IOCTL_OUT : ST_L_IOCTL;
	size_t n = 0;
	int i;

	if (!c->args[2])
		return 0;
	for (i = 0; i < c->ncaps; i++)
		if (c->caps[i].arg == 2 && c->caps[i].letter == letter && !c->caps[i].idx) {
			n = c->caps[i].len < size ? c->caps[i].len : size;
			memcpy(out, c->caps[i].data, n);
			break;
		}
	/* A read cut short by a fault: what follows is not there either. */
	if (n == size || n < ioctl_read((unsigned)c->args[1]))
		return n;
	return n + st_tracee_read(c->tid, c->args[2] + n, (unsigned char *)out + n,
				  size - n, false);
}

size_t st_ioctl_mem(const struct st_call *c, bool exit, uint64_t addr, void *out,
		    size_t size, bool to_nul)
{
	char letter = exit ? ST_L_IOCTL_OUT : ST_L_IOCTL;
	unsigned char *p = out;
	size_t n = 0;
	int i;

	for (i = 0; i < c->ncaps; i++) {
		const struct st_cap *k = &c->caps[i];

		if (k->arg != 2 || k->letter != letter || k->idx || !c->args[2] ||
		    addr < c->args[2] || addr - c->args[2] >= k->len)
			continue;
		n = k->len - (addr - c->args[2]);
		if (n > size)
			n = size;
		memcpy(p, k->data + (addr - c->args[2]), n);
		if (to_nul && memchr(p, 0, n))
			return n;
		break;
	}
	if (n < size)
		n += st_tracee_read(c->tid, addr + n, p + n, size - n, to_nul);
	return n;
}

bool st_ioctl_umove(struct buf *b, const struct st_call *c, const struct st_dopts *o,
		    bool exit, void *out, size_t size)
{
	if (c->args[2] && !o->noderef && !(exit && st_call_failed(c)) &&
	    st_ioctl_struct(c, exit, out, size) == size)
		return true;
	if (c->args[2])
		buf_printf(b, "%#llx", (unsigned long long)c->args[2]);
	else
		buf_printf(b, "NULL");
	return false;
}

static void oflag(struct buf *b, uint64_t v)
{
	static const struct { const struct st_xlat *t; uint64_t mask; const char *dflt; } delays[] = {
		{ nldly, NLDLY, "NL?" }, { crdly, CRDLY, "CR?" }, { tabdly, TABDLY, "TAB?" },
		{ bsdly, BSDLY, "BS?" }, { vtdly, VTDLY, "VT?" }, { ffdly, FFDLY, "FF?" },
	};
	size_t i;

	for (i = 0; i < sizeof(delays) / sizeof(delays[0]); i++) {
		st_xlat_val(b, delays[i].t, v & delays[i].mask, delays[i].dflt);
		buf_printf(b, "|");
		v &= ~delays[i].mask;
	}
	st_xlat_flags(b, oflags, v, "0");
}

static void cflag(struct buf *b, uint64_t v)
{
	st_xlat_val(b, bauds, v & ST_CBAUD, "B???");
	buf_printf(b, "|");
	if (v & ST_CIBAUD) {
		st_xlat_val(b, bauds, (v & ST_CIBAUD) >> ST_IBSHIFT, "B???");
		buf_printf(b, "<<");
		st_xlat_val(b, (const struct st_xlat[]){ { ST_IBSHIFT, "IBSHIFT" }, END },
			    ST_IBSHIFT, NULL);
		buf_printf(b, "|");
	}
	st_xlat_val(b, csize, v & CSIZE, "CS?");
	buf_printf(b, "|");
	st_xlat_flags(b, cflags, v & ~(uint64_t)(ST_CBAUD | ST_CIBAUD | CSIZE), "0");
}

/*
 * The four flags (each 4 bytes, or 2 for struct termio), then c_line
 * and c_cc under -v, "..." otherwise.
 */
static void termios(struct buf *b, const unsigned char *p, enum arg_kind kind,
		    const struct st_dopts *o)
{
	int w = kind == K_TERMIO ? 2 : 4, ncc = kind == K_TERMIO ? ST_NCC : ST_NCCS, i;
	uint64_t f[4];

	for (i = 0; i < 4; i++)
		f[i] = w == 2 ? st_u16(p + 2 * i) : st_u32(p + 4 * i);
	buf_printf(b, "{c_iflag=");
	st_xlat_flags(b, iflags, f[0], "0");
	buf_printf(b, ", c_oflag=");
	oflag(b, f[1]);
	buf_printf(b, ", c_cflag=");
	cflag(b, f[2]);
	buf_printf(b, ", c_lflag=");
	st_xlat_flags(b, lflags, f[3], "0");
	if (!o->verbose) {
		buf_printf(b, ", ...}");
		return;
	}
	buf_printf(b, ", c_line=");
	st_xlat_val(b, line_discs, p[4 * w], "N_???");
	buf_printf(b, ", c_cc=[");
	for (i = 0; i < ncc; i++) {
		const char *n = st_xlat_name(cc_names, i);

		if (i)
			buf_printf(b, ", ");
		if (n)
			buf_printf(b, "[%s]=", n);
		else
			buf_printf(b, "[%d]=", i);
		buf_printf(b, "%#x", p[4 * w + 1 + i]);
	}
	buf_printf(b, "]");
	if (kind == K_TERMIOS2)
		buf_printf(b, ", c_ispeed=%u, c_ospeed=%u", st_u32(p + 36), st_u32(p + 40));
	buf_printf(b, "}");
}

/* The size of what the kind reads through the argument. */
static size_t kind_size(enum arg_kind kind)
{
	switch (kind) {
	case K_TERMIOS: return 17 + ST_NCCS;
	case K_TERMIOS2: return 17 + ST_NCCS + 8;
	case K_TERMIO: return 9 + ST_NCC;
	case K_WINSIZE: return 8;
	case K_MODEM: case K_INT: case K_UINT: case K_FSFLAGS: return 4;
	case K_RANDPOOL: return 8;
	case K_USHORT: return 2;
	case K_LONG: case K_ULONG: case K_U64: return 8;
	case K_U64PAIR: return 16;
	case K_CHAR: return 1;
	case K_FSTRIM: return sizeof(struct fstrim_range);
	case K_FSXATTR: case K_FSXATTR_GET: return sizeof(struct fsxattr);
	case K_FIEMAP: return sizeof(struct fiemap);
	case K_COUNTER_WATCH: return sizeof(struct counter_watch);
	case K_BLKPG: return sizeof(struct blkpg_ioctl_arg);
	case K_BLKTRACE: return sizeof(struct blk_user_trace_setup);
	default: return 0;
	}
}

static const struct st_xlat extent_flags[] = {
	X(FIEMAP_EXTENT_LAST), X(FIEMAP_EXTENT_UNKNOWN), X(FIEMAP_EXTENT_DELALLOC),
	X(FIEMAP_EXTENT_ENCODED), X(FIEMAP_EXTENT_DATA_ENCRYPTED),
	X(FIEMAP_EXTENT_NOT_ALIGNED), X(FIEMAP_EXTENT_DATA_INLINE),
	X(FIEMAP_EXTENT_DATA_TAIL), X(FIEMAP_EXTENT_UNWRITTEN),
	X(FIEMAP_EXTENT_MERGED), X(FIEMAP_EXTENT_SHARED), END,
};

/*
 * The n struct fiemap_extent the kernel wrote after the struct fiemap
 * (q: have bytes of them read with it; the rest read from the process
 * while it lasts), -s of them, up to the one that cannot be read.
 */
static void extents(struct buf *b, const struct st_call *c, const unsigned char *q,
		    size_t have, uint32_t n, const struct st_dopts *o)
{
	uint64_t at = c->args[2] + sizeof(struct fiemap);
	struct fiemap_extent e;
	uint32_t i;

	for (i = 0; i < n; i++, at += sizeof(e)) {
		size_t off = sizeof(struct fiemap) + i * sizeof(e);

		if ((int)i == o->strsize && !o->verbose) {
			buf_printf(b, ", ...");
			break;
		}
		if (off + sizeof(e) <= have)
			memcpy(&e, q + off, sizeof(e));
		else if (st_tracee_read(c->tid, at, (unsigned char *)&e, sizeof(e), false) < sizeof(e)) {
			st_ioctl_arr_cut(b, i, at);
			break;
		}
		buf_printf(b, i ? ", " : "[");
		buf_printf(b, "{fe_logical=%llu, fe_physical=%llu, fe_length=%llu, fe_flags=",
			   (unsigned long long)e.fe_logical, (unsigned long long)e.fe_physical,
			   (unsigned long long)e.fe_length);
		st_xlat_flags_dflt(b, extent_flags, e.fe_flags, "0", "FIEMAP_EXTENT_???");
		buf_printf(b, "}");
	}
	if (!n)
		buf_printf(b, "[");
	if (i || !n)
		buf_printf(b, "]");
}

/*
 * struct fiemap: what was asked at entry (p), and after a call that
 * succeeded what the kernel answered, its extents under -v.
 */
static void fiemap(struct buf *b, const struct st_call *c, const unsigned char *p,
		   const struct st_dopts *o)
{
	unsigned char q[ST_IOCTL_READ];
	size_t n;

	buf_printf(b, "{fm_start=%llu, fm_length=%llu, fm_flags=", (unsigned long long)st_u64(p),
		   (unsigned long long)st_u64(p + 8));
	st_xlat_flags_dflt(b, fiemap_flags, st_u32(p + 16), "0", "FIEMAP_FLAG_???");
	buf_printf(b, ", fm_extent_count=%u}", st_u32(p + 24));
	if (st_call_failed(c))
		return;
	buf_printf(b, " => ");
	n = joined(c, ST_L_IOCTL_OUT, q);
	if (n < sizeof(struct fiemap)) {
		buf_printf(b, "%#llx", (unsigned long long)c->args[2]);
		return;
	}
	buf_printf(b, "{fm_flags=");
	st_xlat_flags_dflt(b, fiemap_flags, st_u32(q + 16), "0", "FIEMAP_FLAG_???");
	buf_printf(b, ", fm_mapped_extents=%u, ", st_u32(q + 20));
	if (!o->verbose) {
		buf_printf(b, "...}");
		return;
	}
	buf_printf(b, "fm_extents=");
	extents(b, c, q, n, st_u32(q + 20), o);
	buf_printf(b, "}");
}

static const struct st_xlat blkpg_ops[] = {
	X(BLKPG_ADD_PARTITION), X(BLKPG_DEL_PARTITION), X(BLKPG_RESIZE_PARTITION), END,
};

void st_ioctl_cstring(struct buf *b, const char *s, size_t n, const struct st_dopts *o)
{
	size_t len = strnlen(s, n);

	st_quote(b, (const unsigned char *)s, len < n ? len : n - 1, len == n, o->xstyle);
}

void st_ioctl_arr_cut(struct buf *b, unsigned i, uint64_t at)
{
	if (i)
		buf_printf(b, ", ... /* %#llx */", (unsigned long long)at);
	else
		buf_printf(b, "%#llx", (unsigned long long)at);
}

void st_ioctl_dev(struct buf *b, uint64_t v)
{
	enum st_cstyle style = st_xlat_get_style();

	if (style != ST_C_ABBREV)
		buf_printf(b, "%#llx", (unsigned long long)v);
	if (style == ST_C_RAW)
		return;
	buf_printf(b, style == ST_C_VERBOSE ? " /* makedev(%#x, %#x) */" : "makedev(%#x, %#x)",
		   major(v), minor(v));
}

static void blkpg(struct buf *b, const struct st_call *c, const unsigned char *p,
		  const struct st_dopts *o)
{
	struct blkpg_ioctl_arg a;
	struct blkpg_partition part;
	size_t n = 0;
	int i;

	memcpy(&a, p, sizeof(a));
	buf_printf(b, "{op=");
	st_xlat_val(b, blkpg_ops, (unsigned)a.op, "BLKPG_???");
	buf_printf(b, ", flags=%d, datalen=%d, data=", a.flags, a.datalen);
	for (i = 0; i < c->ncaps; i++)
		if (c->caps[i].arg == 2 && c->caps[i].letter == ST_L_IOCTL &&
		    c->caps[i].idx == ST_BLKPG_IDX) {
			n = c->caps[i].len < sizeof(part) ? c->caps[i].len : sizeof(part);
			memcpy(&part, c->caps[i].data, n);
		}
	if (n < sizeof(part) || o->noderef) {
		buf_printf(b, a.data ? "%#llx}" : "NULL}", (unsigned long long)(uintptr_t)a.data);
		return;
	}
	buf_printf(b, "{start=%lld, length=%lld, pno=%d, devname=", part.start, part.length,
		   part.pno);
	st_ioctl_cstring(b, part.devname, sizeof(part.devname), o);
	buf_printf(b, ", volname=");
	st_ioctl_cstring(b, part.volname, sizeof(part.volname), o);
	buf_printf(b, "}}");
}

/* BLKTRACESETUP's request; after success, the name the kernel gave the trace. */
static void blktrace(struct buf *b, const struct st_call *c, const unsigned char *p,
		     const struct st_dopts *o)
{
	struct blk_user_trace_setup t;

	memcpy(&t, p, sizeof(t));
	buf_printf(b, "{act_mask=%u, buf_size=%u, buf_nr=%u, start_lba=%llu, end_lba=%llu, "
		   "pid=%u", t.act_mask, t.buf_size, t.buf_nr, (unsigned long long)t.start_lba,
		   (unsigned long long)t.end_lba, t.pid);
	if (!st_call_failed(c) && st_ioctl_struct(c, true, &t, sizeof(t)) == sizeof(t)) {
		buf_printf(b, ", name=");
		st_ioctl_cstring(b, t.name, sizeof(t.name), o);
	}
	buf_printf(b, "}");
}

bool st_ioctl_arg(struct buf *b, const struct st_call *c,
		  const struct st_dopts *o)
{
	int r = find((unsigned)c->args[1]);
	uint64_t v = c->args[2];
	unsigned char p[ST_IOCTL_READ];
	enum arg_kind kind;
	size_t n;

	if (r < 0) {
		const struct st_ioc_family *f = family((unsigned)c->args[1]);

		return f && f->decode && f->decode(b, c, o);
	}
	kind = requests[r].kind;
	switch (kind) {
	case K_NONE:
		return true;
	case K_VAL_INT:
		buf_printf(b, "%d", (int)v);
		return true;
	case K_VAL_XONC:
		st_xlat_val(b, tcxonc, v, "TC???");
		return true;
	case K_VAL_FLSH:
		st_xlat_val(b, tcflsh, v, "TC???");
		return true;
	case K_VAL_ULONG:
		buf_printf(b, "%llu", (unsigned long long)v);
		return true;
	default:
		break;
	}
	n = joined(c, requests[r].out ? ST_L_IOCTL_OUT : ST_L_IOCTL, p);
	/* Not there, not readable, or not filled: the address, as strace. */
	if (!v || n < kind_size(kind) || (requests[r].out && st_call_failed(c))) {
		if (v)
			buf_printf(b, "%#llx", (unsigned long long)v);
		else
			buf_printf(b, "NULL");
		return true;
	}
	switch (kind) {
	case K_TERMIOS:
	case K_TERMIOS2:
	case K_TERMIO:
		termios(b, p, kind, o);
		break;
	case K_WINSIZE:
		buf_printf(b, "{ws_row=%u, ws_col=%u, ws_xpixel=%u, ws_ypixel=%u}",
			   st_u16(p), st_u16(p + 2), st_u16(p + 4), st_u16(p + 6));
		break;
	case K_MODEM:
		buf_printf(b, "[");
		st_xlat_flags_dflt(b, modem, st_u32(p), "0", "TIOCM_???");
		buf_printf(b, "]");
		break;
	case K_INT:
		buf_printf(b, "[%d]", (int)st_u32(p));
		break;
	case K_UINT:
		buf_printf(b, "[%u]", st_u32(p));
		break;
	case K_USHORT:
		buf_printf(b, "[%u]", st_u16(p));
		break;
	case K_LONG:
		buf_printf(b, "[%lld]", (long long)st_u64(p));
		break;
	case K_ULONG:
	case K_U64:
		buf_printf(b, "[%llu]", (unsigned long long)st_u64(p));
		break;
	case K_U64PAIR:
		buf_printf(b, "[%llu, %llu]", (unsigned long long)st_u64(p),
			   (unsigned long long)st_u64(p + 8));
		break;
	case K_RANDPOOL: {
		/* The bytes that follow, as many as buf_size says (-s at most). */
		int size = (int)st_u32(p + 4);
		size_t have = n - 8, show = size > 0 ? (size_t)size : 0;

		buf_printf(b, "{entropy_count=%d, buf_size=%d, buf=", (int)st_u32(p), size);
		if (show > (size_t)o->strsize)
			show = o->strsize;
		if (show > have)
			buf_printf(b, "%#llx", (unsigned long long)(v + 8));
		else
			st_quote(b, p + 8, show, show < (size_t)(size > 0 ? size : 0), o->xstyle);
		buf_printf(b, "}");
		break;
	}
	case K_FSFLAGS:
		buf_printf(b, "[");
		st_xlat_flags_dflt(b, fs_flags, st_u32(p), "0", "FS_???_FL");
		buf_printf(b, "]");
		break;
	case K_CHAR:
		st_quote(b, p, 1, false, o->xstyle);
		break;
	case K_FSTRIM:
		buf_printf(b, "{start=%#llx, len=%llu, minlen=%llu}", (unsigned long long)st_u64(p),
			   (unsigned long long)st_u64(p + 8), (unsigned long long)st_u64(p + 16));
		break;
	case K_FSXATTR:
	case K_FSXATTR_GET:
		buf_printf(b, "{fsx_xflags=");
		st_xlat_flags_dflt(b, fs_xflags, st_u32(p), "0", "FS_XFLAG_???");
		buf_printf(b, ", fsx_extsize=%u", st_u32(p + 4));
		if (kind == K_FSXATTR_GET)
			buf_printf(b, ", fsx_nextents=%u", st_u32(p + 8));
		buf_printf(b, ", fsx_projid=%#x, fsx_cowextsize=%u}", st_u32(p + 12), st_u32(p + 16));
		break;
	case K_FIEMAP:
		fiemap(b, c, p, o);
		break;
	case K_BLKPG:
		blkpg(b, c, p, o);
		break;
	case K_BLKTRACE:
		blktrace(b, c, p, o);
		break;
	case K_COUNTER_WATCH:
		buf_printf(b, "{component={type=");
		st_xlat_val(b, counter_types, p[0], "COUNTER_COMPONENT_???");
		buf_printf(b, ", scope=");
		st_xlat_val(b, counter_scopes, p[1], "COUNTER_SCOPE_???");
		buf_printf(b, ", parent=%u, id=%u}, event=", p[2], p[3]);
		st_xlat_val(b, counter_events, p[4], "COUNTER_EVENT_???");
		buf_printf(b, ", channel=%u}", p[5]);
		break;
	default:
		break;
	}
	return true;
}
