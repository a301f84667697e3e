#ifndef SEGUE_CNCURSESW_SHIM_H
#define SEGUE_CNCURSESW_SHIM_H

// Wide-character ncurses: cchar_t, wget_wch, mvwadd_wch.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>

// Macros and globals Swift cannot import, as functions. No logic lives here.
static inline attr_t segue_A_NORMAL(void) { return A_NORMAL; }
static inline attr_t segue_A_BOLD(void) { return A_BOLD; }
static inline attr_t segue_A_DIM(void) { return A_DIM; }
static inline attr_t segue_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t segue_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t segue_A_ITALIC(void) { return A_ITALIC; }
static inline int segue_KEY_F(int n) { return KEY_F(n); }
static inline int segue_ERR(void) { return ERR; }
static inline int segue_OK(void) { return OK; }
static inline mmask_t segue_BUTTON1_PRESSED(void) { return BUTTON1_PRESSED; }
static inline mmask_t segue_BUTTON4_PRESSED(void) { return BUTTON4_PRESSED; }
static inline mmask_t segue_BUTTON5_PRESSED(void) { return BUTTON5_PRESSED; }
static inline WINDOW *segue_stdscr(void) { return stdscr; }
static inline int segue_COLOR_PAIRS(void) { return COLOR_PAIRS; }
static inline int segue_COLORS(void) { return COLORS; }
// ioctl is variadic, which Swift cannot call.
static inline int segue_set_window_size(int fd, unsigned short height, unsigned short width) {
    struct winsize size = { height, width, 0, 0 };  // (term.h makes `lines` and `columns` macros)
    return ioctl(fd, TIOCSWINSZ, &size);
}
// prctl is variadic: become (1) or stop being (0) the reaper of orphaned descendants.
static inline int segue_set_child_subreaper(int on) { return prctl(PR_SET_CHILD_SUBREAPER, on, 0, 0, 0); }
// A pseudo-terminal's master (from /dev/ptmx): unlock its slave, and the slave's number (/dev/pts/N).
static inline int segue_unlock_pty(int master) { int unlock = 0; return ioctl(master, TIOCSPTLCK, &unlock); }
static inline int segue_pty_number(int master) { unsigned int number = 0; return ioctl(master, TIOCGPTN, &number) == 0 ? (int)number : -1; }

#endif
