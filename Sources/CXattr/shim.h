// The C library's extended attributes (listxattr, getxattr, fsetxattr), which the Glibc module
// leaves out: SegueFiles keeps a settings or state file's user.* attributes across a save.
#include <sys/xattr.h>
