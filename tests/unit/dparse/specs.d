syscall:::entry, :::BEGIN, fbt::vfs_*:return, *:mod?:f[a-c]*:, tick-1s, profile-997hz, sched::: {}
proc::: , sdt::: {}
123 {}
pid$target:libc:malloc:entry, pid$1:::, p$$2::$pid:x, ::$1x: {}
