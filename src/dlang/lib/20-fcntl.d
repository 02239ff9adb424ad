/*
 * D's built-in library: open(2)'s flags and the *at() calls' AT_*
 * values as Linux (x86-64) defines them, for the arguments of open,
 * openat and friends.
 */

inline int O_RDONLY = 0;
inline int O_WRONLY = 1;
inline int O_RDWR = 2;
inline int O_ACCMODE = 3;
inline int O_CREAT = 0100;
inline int O_EXCL = 0200;
inline int O_NOCTTY = 0400;
inline int O_TRUNC = 01000;
inline int O_APPEND = 02000;
inline int O_NONBLOCK = 04000;
inline int O_NDELAY = 04000;
inline int O_DSYNC = 010000;
inline int O_ASYNC = 020000;
inline int O_DIRECT = 040000;
inline int O_LARGEFILE = 0100000;
inline int O_DIRECTORY = 0200000;
inline int O_NOFOLLOW = 0400000;
inline int O_NOATIME = 01000000;
inline int O_CLOEXEC = 02000000;
inline int O_SYNC = 04010000;
inline int O_RSYNC = 04010000;
inline int O_PATH = 010000000;
inline int O_TMPFILE = 020200000;

inline int AT_FDCWD = -100;
inline int AT_SYMLINK_NOFOLLOW = 0x100;
inline int AT_REMOVEDIR = 0x200;
inline int AT_SYMLINK_FOLLOW = 0x400;
inline int AT_EMPTY_PATH = 0x1000;
