/*
 * D's built-in library: the lockstat provider's rw-acquire and
 * rw-release args[1], whether the lock was taken for writing or reading.
 */

inline int RW_WRITER = 0x00;
inline int RW_READER = 0x01;
