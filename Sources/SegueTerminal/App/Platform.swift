// The terminal side is written for Linux: glibc, its posix_spawn extensions, the system ncursesw.
// The core (SegueCore) is plain Swift and builds anywhere Swift does.
#if !os(Linux)
#error("SegueTerminal (and so segue and SegueKit) runs on Linux only; SegueCore builds anywhere")
#endif
