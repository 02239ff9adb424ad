/*
 * D's built-in library: the io provider's argument types (bufinfo_t,
 * devinfo_t, fileinfo_t) and their translators from the kernel's struct
 * bio and struct file, as the Dynamic Tracing Guide defines them.
 *
 * D declares the string members of devinfo_t and fileinfo_t as
 * "string"; ferret's structs hold C types only, so they are char arrays
 * here, which D prints and compares as strings all the same.  Members
 * this kernel has nothing for are left out of the translators: naming
 * one is a compile error (D_XLATE_NOCONV), not a made-up value.
 */

typedef char *caddr_t;
typedef long loff_t;

typedef struct bufinfo {
	int b_flags;			/* B_READ or B_WRITE, B_ASYNC ... */
	size_t b_bcount;		/* bytes */
	caddr_t b_addr;			/* buffer address: none */
	uint64_t b_lblkno;		/* block number on the device */
	uint64_t b_blkno;		/* the same, in 512-byte sectors */
	size_t b_resid;			/* bytes not transferred */
	size_t b_bufsize;		/* bytes */
	caddr_t b_iodone;		/* completion routine (bi_end_io) */
	int b_error;
	dev_t b_edev;			/* the device, as Linux numbers it */
} bufinfo_t;

inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

/* The kernel's bio op bits: op_is_write() and REQ_SYNC. */
inline int __D_REQ_WRITE = 0x01;
inline int __D_REQ_SYNC = 0x800;
/* block_device's __bd_flags: the partition number's bits. */
inline int __D_BD_PARTNO = 0xff;

translator bufinfo_t < struct bio *B > {
	b_flags = (B->bi_opf & __D_REQ_WRITE ? B_WRITE : B_READ) |
		  (B->bi_opf & __D_REQ_SYNC ? 0 : B_ASYNC);
	b_addr = 0;
	b_bcount = B->bi_iter.bi_size;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = 0;
	b_edev = B->bi_bdev == NULL ? 0 : B->bi_bdev->bd_dev;
};

typedef struct devinfo {
	int dev_major;			/* major number */
	int dev_minor;			/* minor number */
	int dev_instance;		/* instance number: 0 */
	char dev_name[32];		/* the driver's name: not known */
	char dev_statname[40];		/* disk name and partition: "vda1" */
	char dev_pathname[40];		/* "<unknown>", as in dtrace-utils */
} devinfo_t;

translator devinfo_t < struct bio *B > {
	dev_major = B->bi_bdev == NULL ? 0 : getmajor(B->bi_bdev->bd_dev);
	dev_minor = B->bi_bdev == NULL ? 0 : getminor(B->bi_bdev->bd_dev);
	dev_instance = 0;
	dev_statname = strjoin(stringof(B->bi_bdev->bd_disk->disk_name),
	    B->bi_bdev->__bd_flags.counter & __D_BD_PARTNO ?
	    lltostr(B->bi_bdev->__bd_flags.counter & __D_BD_PARTNO) : "");
	dev_pathname = "<unknown>";
};

typedef struct fileinfo {
	char fi_name[256];		/* the file's name */
	char fi_dirname[256];		/* its directory: not known */
	char fi_pathname[256];		/* its path: not known */
	loff_t fi_offset;		/* the file's offset */
	char fi_fs[32];			/* its file system's type */
	char fi_mount[256];		/* its mount point: not known */
	int fi_oflags;			/* open(2) flags */
} fileinfo_t;

/*
 * A path is built with bpf_d_path(), which the kernel allows only in
 * fentry and LSM programs: fi_pathname and fi_mount are "<unknown>" and
 * fi_dirname is its directory, ".", as dtrace-utils has them.  The io
 * probes know no file: their F is NULL.
 */
translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" :
	    stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" : ".";
	fi_pathname = F == NULL ? "<none>" : "<unknown>";
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" :
	    stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : "<unknown>";
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

/* fds[fd]: the current thread's open file fd, "<none>" for none. */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && fd < curthread->files->fdt->max_fds ?
    ((struct file **)curthread->files->fdt->fd)[fd] : NULL);
#pragma D attributes Stable/Stable/Common fds
