BEGIN { x = 1 }
syscall::read:entry
