BEGIN, END syscall::read:entry { trace(1) }
