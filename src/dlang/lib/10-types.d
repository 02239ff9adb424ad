/*
 * D's built-in library: what every D program may use without defining
 * it.  The files are joined in name order and parsed before a program;
 * constants cost nothing until used (an inline is copied where it is
 * named), and types and translators are only resolved against the
 * kernel's where a program uses them.
 *
 * Here: D's own names of integer types, for C definitions, and NULL.
 */

typedef unsigned char uchar_t;
typedef unsigned short ushort_t;
typedef unsigned int uint_t;
typedef unsigned long ulong_t;
typedef long long longlong_t;
typedef unsigned long long u_longlong_t;
typedef int id_t;
typedef int processorid_t;
typedef int psetid_t;
typedef int zoneid_t;
typedef int taskid_t;
typedef int projid_t;
typedef long long hrtime_t;
typedef long time_t;
typedef unsigned long dev_t;
typedef unsigned int mode_t;
typedef long off64_t;

inline void *NULL = 0;

/*
 * User space's time structures on x86-64, which copyin() reads (the
 * kernel's own are timespec64 and __kernel_timespec).
 */
struct timespec {
	time_t tv_sec;
	long tv_nsec;
};

struct timeval {
	time_t tv_sec;
	long tv_usec;
};
